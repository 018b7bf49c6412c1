// The public API of @toolcell/durable-store/files: the embedded backend (Node's file system).
// Adding an export is an API decision.

export { FileDurableStore } from './files/file-durable-store.js';
export type { FileDurableStoreOptions } from './files/file-durable-store.js';
