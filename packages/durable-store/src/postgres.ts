// The public API of @toolcell/durable-store/postgres: the backend for more than one machine
// (a PostgreSQL server through `pg`). Adding an export is an API decision.

export { PostgresDurableStore } from './postgres/postgres-durable-store.js';
export type { PostgresDurableStoreOptions } from './postgres/postgres-durable-store.js';
