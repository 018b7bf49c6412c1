// @toolcell/durable-store: the files backend (Node-only) implements the runtime-neutral store
// interface, as a user would write it.
import type { DurableStore } from '@toolcell/durable-store';
import { FileDurableStore } from '@toolcell/durable-store/files';

export const durableStore: DurableStore = new FileDurableStore({ directory: '/tmp/toolcell-store' });
