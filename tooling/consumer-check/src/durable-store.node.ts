// @toolcell/durable-store: the files and PostgreSQL backends (Node-only) implement the runtime-neutral store
// interface, as a user would write it.
import type { DurableStore } from '@toolcell/durable-store';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { PostgresDurableStore } from '@toolcell/durable-store/postgres';
import type { PostgresDurableStoreOptions } from '@toolcell/durable-store/postgres';

export const durableStore: DurableStore = new FileDurableStore({ directory: '/tmp/toolcell-store' });

const postgresOptions: PostgresDurableStoreOptions = { connectionString: 'postgres://agent@localhost:5432/agents', schema: 'toolcell_durable' };
export const postgresStore: DurableStore & { close(): Promise<void> } = new PostgresDurableStore(postgresOptions);
