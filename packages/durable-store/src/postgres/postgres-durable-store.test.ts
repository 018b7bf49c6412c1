import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { StoreError } from '../store-error.js';
import { noticeCollector, runStoreContract, suspendedCell } from '../test-support/store-contract.js';
import { PostgresDurableStore } from './postgres-durable-store.js';

// The cluster the globalSetup started (src/test-support/postgres-global-setup.ts); each store gets a schema of its own.
const URL = inject('postgresUrl');

function freshSchema(): string {
  return `contract_${randomUUID().replaceAll('-', '')}`;
}

async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

runStoreContract('postgres', async (clock) => {
  const schema = freshSchema();
  const store = new PostgresDurableStore({ connectionString: URL, schema, now: () => clock.now });
  return {
    store,
    close: async () => {
      await store.close();
      await dropSchema(schema);
    },
  };
});

describe('PostgresDurableStore', () => {
  const KEY = { scope: 'team-a', session: 'chat-1', cell: 'cell-1' };

  it('creates its tables once, even when two stores start on one schema at the same moment', async () => {
    const schema = freshSchema();
    const clock = { now: 1_000 };
    const stores = [0, 1].map(() => new PostgresDurableStore({ connectionString: URL, schema, now: () => clock.now }));
    try {
      const written = await Promise.all(stores.map((store, index) => store.writeCell(suspendedCell(clock, { ...KEY, cell: `cell-${index}` }, `p${index}`), 0)));
      expect(written.map((cell) => cell.version)).toEqual([1, 1]);
      expect((await stores[0]?.listCells({}))?.length).toBe(2);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await dropSchema(schema);
    }
  });

  it('a server it cannot reach is STORE_UNAVAILABLE, retryable, naming what it could not do', async () => {
    // Port 1 on loopback: nothing listens there.
    const store = new PostgresDurableStore({ connectionString: 'postgres://postgres@127.0.0.1:1/postgres' });
    try {
      const error = await store.readCell(KEY).catch((caught: unknown) => caught);
      expect(StoreError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', retryable: true, message: expect.stringContaining('The PostgreSQL store could not read the cell') });
    } finally {
      await store.close();
    }
  });

  it('a server that goes away mid-resume: the move is refused STORE_UNAVAILABLE and the cell stays resumable', { timeout: 120_000 }, async () => {
    const schema = freshSchema();
    const clock = { now: 1_000 };
    const store = new PostgresDurableStore({ connectionString: URL, schema, now: () => clock.now });
    const admin = new pg.Client({ connectionString: URL });
    const watcher = new pg.Client({ connectionString: URL });
    await admin.connect();
    await watcher.connect();
    try {
      await store.writeCell(suspendedCell(clock), 0);
      const lease = await store.claimLease(KEY, 'process-a', 60_000);
      await store.moveCall(lease, '1', 'awaiting', 'approved');
      // The admin holds the lease row, so the store's move waits inside its transaction; then
      // the server ends that connection, as a restart or failover would mid-resume.
      await admin.query('BEGIN');
      await admin.query(`SELECT 1 FROM "${schema}".leases FOR UPDATE`);
      const moving = store.moveCall(lease, '1', 'approved', 'started').catch((caught: unknown) => caught);
      // Watched from a second connection: inside a transaction pg_stat_activity is a snapshot.
      await expect.poll(async () => (await watcher.query(`SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR SHARE%'`)).rowCount, { timeout: 60_000 }).toBe(1);
      await watcher.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR SHARE%'`);
      await admin.query('ROLLBACK');
      expect(await moving).toMatchObject({ code: 'STORE_UNAVAILABLE', retryable: true });
      // Nothing half-written: the call is still approved, and the lease holder carries on once the server is back.
      expect(await store.readJournal(KEY)).toEqual([{ callId: '1', state: 'approved' }]);
      await store.moveCall(lease, '1', 'approved', 'started');
      expect(await store.readJournal(KEY)).toEqual([{ callId: '1', state: 'started' }]);
    } finally {
      await admin.end();
      await watcher.end();
      await store.close();
      await dropSchema(schema);
    }
  });

  it('NOTIFY: a decision recorded through another store (another machine) wakes the watcher; stores of other schemas stay quiet', async () => {
    const schema = freshSchema();
    const clock = { now: 1_000 };
    const [watching, deciding, elsewhere] = [schema, schema, freshSchema()].map((name) => new PostgresDurableStore({ connectionString: URL, schema: name, now: () => clock.now }));
    const heard = noticeCollector();
    const watch = await watching?.watchDecisions(heard.listener);
    try {
      await elsewhere?.writeCell(suspendedCell(clock), 0);
      await elsewhere?.recordDecision('a-1', { type: 'approve' });
      await deciding?.writeCell(suspendedCell(clock), 0);
      await deciding?.recordDecision('a-2', { type: 'approve' });
      await heard.count(1);
      expect(heard.notices).toEqual([{ approvalId: 'a-2', key: KEY }]);
    } finally {
      await watch?.close();
      await Promise.all([watching, deciding, elsewhere].map((store) => store?.close()));
      await dropSchema(schema);
    }
  });

  it('NOTIFY: a listening connection the server ends settles `ended` with STORE_UNAVAILABLE (retryable); a new watch hears again', async () => {
    const schema = freshSchema();
    const clock = { now: 1_000 };
    const application = `watch_${randomUUID().slice(0, 8)}`;
    const store = new PostgresDurableStore({ connectionString: `${URL}?application_name=${application}`, schema, now: () => clock.now });
    const admin = new pg.Client({ connectionString: URL });
    await admin.connect();
    try {
      await store.writeCell(suspendedCell(clock), 0);
      const dropped = await store.watchDecisions(() => undefined);
      const terminate = `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%'`;
      await expect.poll(async () => (await admin.query(terminate, [application])).rowCount, { timeout: 60_000 }).toBe(1);
      const ended = await dropped.ended;
      expect(StoreError.isInstance(ended)).toBe(true);
      expect(ended).toMatchObject({ code: 'STORE_UNAVAILABLE', retryable: true, message: expect.stringContaining('stopped watching decisions') });
      const heard = noticeCollector();
      const again = await store.watchDecisions(heard.listener);
      await store.recordDecision('a-1', { type: 'approve' });
      await heard.count(1);
      expect(heard.notices).toEqual([{ approvalId: 'a-1', key: KEY }]);
      await again.close();
    } finally {
      await admin.end();
      await store.close();
      await dropSchema(schema);
    }
  });

  it('a row changed by hand is STORE_CORRUPT', async () => {
    const schema = freshSchema();
    const clock = { now: 1_000 };
    const store = new PostgresDurableStore({ connectionString: URL, schema, now: () => clock.now });
    const admin = new pg.Client({ connectionString: URL });
    await admin.connect();
    try {
      await store.writeCell(suspendedCell(clock), 0);
      await admin.query(`UPDATE "${schema}".cells SET status = 'paused'`);
      await expect(store.readCell(KEY)).rejects.toMatchObject({ code: 'STORE_CORRUPT' });
    } finally {
      await admin.end();
      await store.close();
      await dropSchema(schema);
    }
  });
});
