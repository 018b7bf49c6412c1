// A process that races another for the cells of a file store: for each cell it tries to
// claim the lease; the winner moves the parked call awaiting → approved → started, appends
// the side effect to effects.log, and records done. Run by two-processes.slow.test.ts (files:
// `DIR NAME ROUNDS`) and postgres-two-processes.slow.test.ts (`DIR NAME ROUNDS postgres URL SCHEMA`:
// the store is the server's, DIR holds only effects.log).
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DurableStore } from '../durable-store.js';
import { FileDurableStore } from '../files/file-durable-store.js';
import { PostgresDurableStore } from '../postgres/postgres-durable-store.js';
import { StoreError } from '../store-error.js';

const [directory, name, rounds, backend, url, schema] = process.argv.slice(2) as [string, string, string, string?, string?, string?];
const postgres = backend === 'postgres' ? new PostgresDurableStore({ connectionString: url ?? '', schema: schema ?? '' }) : undefined;
const store: DurableStore = postgres ?? new FileDurableStore({ directory });
let won = 0;
for (let round = 0; round < Number(rounds); round += 1) {
  const key = { scope: 'team-a', session: 'chat-1', cell: `cell-${round}` };
  try {
    const lease = await store.claimLease(key, name, 60_000);
    const journal = await store.readJournal(key);
    if (journal.length > 0) continue; // the other process finished this cell and released it
    await store.moveCall(lease, '1', 'awaiting', 'approved');
    await store.moveCall(lease, '1', 'approved', 'started');
    await appendFile(join(directory, 'effects.log'), `${key.cell} ${name}\n`);
    await store.moveCall(lease, '1', 'started', 'done', { ok: true });
    await store.releaseLease(lease);
    won += 1;
  } catch (error) {
    if (!StoreError.isInstance(error) || (error.code !== 'STORE_LEASE_HELD' && error.code !== 'STORE_CONFLICT')) throw error;
  }
}
await postgres?.close();
process.stdout.write(`${JSON.stringify({ name, won })}\n`);
