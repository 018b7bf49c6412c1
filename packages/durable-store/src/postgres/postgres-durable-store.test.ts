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

/** What a test of {@link onFreshSchema} is given. */
interface FreshSchema {
  readonly schema: string;
  readonly clock: { now: number };
  /** A store on the fresh schema (or on `options.schema`, dropped too), on the shared clock; `application` names its connections. */
  store(options?: { readonly schema?: string; readonly application?: string }): PostgresDurableStore;
  /** A connected client of the cluster, to act on the server behind the store's back. */
  client(): Promise<pg.Client>;
}

/** Runs `body` on a fresh schema; afterwards ends its clients, closes its stores and drops its schemas. */
async function onFreshSchema(body: (fresh: FreshSchema) => Promise<void>): Promise<void> {
  const schemas = [freshSchema()];
  const closers: Array<() => Promise<void>> = [];
  const fresh: FreshSchema = {
    schema: schemas[0]!,
    clock: { now: 1_000 },
    store(options = {}) {
      const schema = options.schema ?? fresh.schema;
      if (!schemas.includes(schema)) schemas.push(schema);
      const connectionString = options.application === undefined ? URL : `${URL}?application_name=${options.application}`;
      const store = new PostgresDurableStore({ connectionString, schema, now: () => fresh.clock.now });
      closers.push(() => store.close());
      return store;
    },
    async client() {
      const client = new pg.Client({ connectionString: URL });
      await client.connect();
      closers.push(() => client.end());
      return client;
    },
  };
  try {
    await body(fresh);
  } finally {
    for (const close of closers.reverse()) await close();
    for (const schema of schemas) await dropSchema(schema);
  }
}

describe('PostgresDurableStore', () => {
  const KEY = { scope: 'team-a', session: 'chat-1', cell: 'cell-1' };

  it('creates its tables once, even when two stores start on one schema at the same moment', () =>
    onFreshSchema(async ({ clock, store }) => {
      const stores = [store(), store()];
      const written = await Promise.all(stores.map((each, index) => each.writeCell(suspendedCell(clock, { ...KEY, cell: `cell-${index}` }, `p${index}`), 0)));
      expect(written.map((cell) => cell.version)).toEqual([1, 1]);
      expect((await stores[0]?.listCells({}))?.length).toBe(2);
    }));

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

  it('a server that goes away mid-resume: the move is refused STORE_UNAVAILABLE and the cell stays resumable', { timeout: 120_000 }, () =>
    onFreshSchema(async ({ schema, clock, store: makeStore, client }) => {
      const store = makeStore();
      const admin = await client();
      const watcher = await client();
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
    }));

  it('NOTIFY: a decision recorded through another store (another machine) wakes the watcher; stores of other schemas stay quiet', () =>
    onFreshSchema(async ({ clock, store }) => {
      const [watching, deciding, elsewhere] = [store(), store(), store({ schema: freshSchema() })];
      const heard = noticeCollector();
      const watch = await watching.watchDecisions(heard.listener);
      try {
        await elsewhere.writeCell(suspendedCell(clock), 0);
        await elsewhere.recordDecision('a-1', { type: 'approve' });
        await deciding.writeCell(suspendedCell(clock), 0);
        await deciding.recordDecision('a-2', { type: 'approve' });
        await heard.count(1);
        expect(heard.notices).toEqual([{ approvalId: 'a-2', key: KEY }]);
      } finally {
        await watch.close();
      }
    }));

  it('NOTIFY: a listening connection the server ends settles `ended` with STORE_UNAVAILABLE (retryable); a new watch hears again', () =>
    onFreshSchema(async ({ clock, store: makeStore, client }) => {
      const application = `watch_${randomUUID().slice(0, 8)}`;
      const store = makeStore({ application });
      const admin = await client();
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
    }));

  it('a row changed by hand is STORE_CORRUPT', () =>
    onFreshSchema(async ({ schema, clock, store: makeStore, client }) => {
      const store = makeStore();
      const admin = await client();
      await store.writeCell(suspendedCell(clock), 0);
      await admin.query(`UPDATE "${schema}".cells SET status = 'paused'`);
      await expect(store.readCell(KEY)).rejects.toMatchObject({ code: 'STORE_CORRUPT' });
    }));
});
