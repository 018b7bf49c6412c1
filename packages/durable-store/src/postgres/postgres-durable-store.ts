import type { JsonValue } from '@toolcell/core';
import pg from 'pg';
import type { CellFilter, CellKey, CellRecord, CellStatus, CellSummary, CellWrite, DecisionNotice, DecisionWatch, DurableStore, JournalEntry, JournalState, Lease, RecordDecisionResult, StoredApproval, StoredDecision, StoredDecisionInput } from '../durable-store.js';
import { isJournalMove } from '../journal-moves.js';
import { StoreError } from '../store-error.js';
import { quoteIdentifier, schemaStatements } from './postgres-schema.js';

/** Options of {@link PostgresDurableStore}. */
export interface PostgresDurableStoreOptions {
  /** Where the server is: `postgres://user:password@host:port/database` (see `pg`'s connection strings). */
  readonly connectionString: string;
  /** The schema of the store's tables (created with them on first use). Default `toolcell_durable`. */
  readonly schema?: string;
  /** Connections the store opens at most. Default 10. */
  readonly maxConnections?: number;
  /** The clock, epoch milliseconds (tests pass a fake one). Default `Date.now`. */
  readonly now?: () => number;
}

type Client = pg.PoolClient;

interface CellRow {
  scope: string;
  session: string;
  cell: string;
  version: number;
  status: string;
  expires_at: string;
  approvals: StoredApproval[];
  state: JsonValue;
  snapshot?: Buffer | null;
}

const CELL_COLUMNS = 'scope, session, cell, version, status, expires_at, approvals, state';
const KEY_MATCH = 'scope = $1 AND session = $2 AND cell = $3';
/** The channel every PostgreSQL store announces decisions on; the payload names the store's schema. */
const DECISIONS_CHANNEL = 'toolcell_durable_decisions';
/** SQLSTATE classes of a connection that failed or a server that is going away: worth a retry. */
const RETRYABLE_SQLSTATE = /^(08|53|57P0)/;

/**
 * The {@link DurableStore} for teams with more than one machine: a PostgreSQL server through
 * `pg`. Every compare-and-set is one conditional statement (`UPDATE … WHERE version = $n`,
 * `INSERT … ON CONFLICT`); a lease claim is one conditional upsert with `RETURNING`; a cell
 * version and its approvals are written in one transaction, and a journal move holds the
 * cell's lease row while it moves the call, so a lease claimed meanwhile fences it out. The
 * tables are created on first use. Call {@link PostgresDurableStore.close} when done.
 */
export class PostgresDurableStore implements DurableStore {
  readonly #pool: pg.Pool;
  readonly #schemaName: string;
  readonly #schema: string;
  readonly #now: () => number;
  readonly #connectionString: string;
  #ready: Promise<void> | undefined;

  constructor(options: PostgresDurableStoreOptions) {
    this.#connectionString = options.connectionString;
    this.#schemaName = options.schema ?? 'toolcell_durable';
    this.#schema = quoteIdentifier(this.#schemaName);
    this.#now = options.now ?? Date.now;
    this.#pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
    // An idle connection the server closed: the next query reports it (STORE_UNAVAILABLE).
    this.#pool.on('error', () => undefined);
  }

  /** Close the store's connections. */
  async close(): Promise<void> {
    await this.#pool.end();
  }

  async readCell(key: CellKey): Promise<CellRecord | undefined> {
    return this.#run('read the cell', async (client) => {
      const { rows } = await client.query<CellRow>(`SELECT ${CELL_COLUMNS}, snapshot FROM ${this.#schema}.cells WHERE ${KEY_MATCH}`, keyParams(key));
      return rows[0] === undefined ? undefined : decodeCell(rows[0]);
    });
  }

  async writeCell(cell: CellWrite, expectedVersion: number): Promise<CellRecord> {
    return this.#transaction('write the cell', async (client) => {
      const values = [...keyParams(cell.key), cell.status, cell.expiresAt, JSON.stringify(cell.approvals), JSON.stringify(cell.state), cell.snapshot === undefined ? null : Buffer.from(cell.snapshot)];
      const { rows } =
        expectedVersion === 0
          ? await client.query<{ version: number }>(
              `INSERT INTO ${this.#schema}.cells (scope, session, cell, version, status, expires_at, approvals, state, snapshot)
               VALUES ($1, $2, $3, 1, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING RETURNING version`,
              values,
            )
          : await client.query<{ version: number }>(
              `UPDATE ${this.#schema}.cells SET version = version + 1, status = $4, expires_at = $5, approvals = $6, state = $7, snapshot = $8
               WHERE ${KEY_MATCH} AND version = $9 RETURNING version`,
              [...values, expectedVersion],
            );
      if (rows[0] === undefined) {
        const current = await client.query<{ version: number }>(`SELECT version FROM ${this.#schema}.cells WHERE ${KEY_MATCH}`, keyParams(cell.key));
        throw conflict(cell.key, expectedVersion, current.rows[0]?.version ?? 0);
      }
      // An approval belongs to the cell that first stored it (as a file store's index does).
      for (const approval of cell.approvals) {
        await client.query(
          `INSERT INTO ${this.#schema}.approvals (approval_id, scope, session, cell, expires_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
          [approval.approvalId, ...keyParams(cell.key), approval.expiresAt],
        );
      }
      return { ...cell, version: rows[0].version };
    });
  }

  async listCells(filter: CellFilter): Promise<CellSummary[]> {
    return this.#run('list the cells', async (client) => {
      const { rows } = await client.query<CellRow>(
        `SELECT ${CELL_COLUMNS} FROM ${this.#schema}.cells WHERE ($1::text IS NULL OR scope = $1) AND ($2::text IS NULL OR session = $2)`,
        [filter.scope ?? null, filter.session ?? null],
      );
      return rows.map((row) => {
        const { snapshot: _snapshot, ...summary } = decodeCell(row);
        return summary;
      });
    });
  }

  async claimLease(key: CellKey, holder: string, ttlMs: number): Promise<Lease> {
    return this.#run('claim the lease', async (client) => {
      const now = this.#now();
      // One statement: the row is locked while its condition is checked, so of concurrent claims one wins.
      const { rows } = await client.query<{ token: string }>(
        `INSERT INTO ${this.#schema}.leases AS lease (scope, session, cell, token, holder, expires_at, released)
         VALUES ($1, $2, $3, 1, $4, $5, false)
         ON CONFLICT (scope, session, cell) DO UPDATE SET token = lease.token + 1, holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at, released = false
         WHERE lease.released OR lease.expires_at <= $6
         RETURNING token`,
        [...keyParams(key), holder, now + ttlMs, now],
      );
      if (rows[0] !== undefined) return { key, holder, token: Number(rows[0].token), expiresAt: now + ttlMs };
      const held = await client.query<{ holder: string; expires_at: string }>(`SELECT holder, expires_at FROM ${this.#schema}.leases WHERE ${KEY_MATCH}`, keyParams(key));
      const current = held.rows[0];
      throw new StoreError({
        code: 'STORE_LEASE_HELD',
        message:
          current === undefined
            ? `Another process claimed cell "${key.cell}" at the same moment; it is resuming it.`
            : `Cell "${key.cell}" is being resumed by ${current.holder} (its lease runs until ${new Date(Number(current.expires_at)).toISOString()}); read its state instead of resuming it again.`,
      });
    });
  }

  async releaseLease(lease: Lease): Promise<void> {
    await this.#run('release the lease', async (client) => {
      await client.query(`UPDATE ${this.#schema}.leases SET released = true WHERE ${KEY_MATCH} AND token = $4`, [...keyParams(lease.key), lease.token]);
    });
  }

  async recordDecision(approvalId: string, decision: StoredDecisionInput): Promise<RecordDecisionResult> {
    return this.#run('record the decision', async (client) => {
      const approval = await client.query<{ scope: string; session: string; cell: string; expires_at: string }>(`SELECT scope, session, cell, expires_at FROM ${this.#schema}.approvals WHERE approval_id = $1`, [approvalId]);
      const index = approval.rows[0];
      if (index === undefined) {
        throw new StoreError({ code: 'STORE_UNKNOWN_APPROVAL', message: `There is no pending approval "${approvalId}" (a wrong id, or it expired and was swept).` });
      }
      const key: CellKey = { scope: index.scope, session: index.session, cell: index.cell };
      const earlier = await this.#decision(client, approvalId);
      if (earlier !== undefined) return { recorded: false, decision: earlier, key };
      const expiresAt = Number(index.expires_at);
      if (this.#now() >= expiresAt) {
        throw new StoreError({ code: 'STORE_EXPIRED', message: `Approval "${approvalId}" expired at ${new Date(expiresAt).toISOString()}; its call will not run. Ask for the call again.` });
      }
      const stored: StoredDecision = { approvalId, decision, decidedAt: this.#now() };
      // Announced in the statement that records it: a watcher hears only of a decision that committed.
      const inserted = await client.query(
        `WITH inserted AS (INSERT INTO ${this.#schema}.decisions (approval_id, decision, decided_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING approval_id)
         SELECT pg_notify($4, $5) FROM inserted`,
        [approvalId, JSON.stringify(decision), stored.decidedAt, DECISIONS_CHANNEL, JSON.stringify({ schema: this.#schemaName, approvalId })],
      );
      if (inserted.rows.length > 0) return { recorded: true, decision: stored, key };
      // Another decision committed first; this statement sees it.
      const standing = await this.#decision(client, approvalId);
      if (standing === undefined) throw new StoreError({ code: 'STORE_CONFLICT', message: `Approval "${approvalId}" was decided and swept meanwhile.` });
      return { recorded: false, decision: standing, key };
    });
  }

  async readDecision(approvalId: string): Promise<StoredDecision | undefined> {
    return this.#run('read the decision', (client) => this.#decision(client, approvalId));
  }

  /**
   * Listen for decisions (`LISTEN`) on a connection of its own, outside the pool: a decision
   * recorded by any process announces itself (`pg_notify` in the statement that records it),
   * and the listener gets its approval id and cell. `ended` settles with `STORE_UNAVAILABLE`
   * if the server drops the connection.
   */
  async watchDecisions(listener: (notice: DecisionNotice) => void): Promise<DecisionWatch> {
    const client = new pg.Client({ connectionString: this.#connectionString });
    let closing = false;
    let finish!: (error: StoreError | undefined) => void;
    const ended = new Promise<StoreError | undefined>((resolve) => (finish = resolve));
    const lost = (cause: unknown): void => {
      if (closing) return finish(undefined);
      const message = `The PostgreSQL store stopped watching decisions: ${cause instanceof Error ? cause.message : String(cause)}. Read the pending decisions, then watch again.`;
      finish(new StoreError({ code: 'STORE_UNAVAILABLE', message, retryable: true, cause }));
      void client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the server closed the connection')));
    // In order: each notice's cell is looked up before the next one's.
    let announcing = Promise.resolve();
    client.on('notification', (message) => {
      const approvalId = parseNotice(message.channel, message.payload, this.#schemaName);
      if (approvalId === undefined) return;
      announcing = announcing
        .then(async () => {
          const key = await this.#run('read the approval', async (reader) => {
            const { rows } = await reader.query<CellKey>(`SELECT scope, session, cell FROM ${this.#schema}.approvals WHERE approval_id = $1`, [approvalId]);
            return rows[0];
          });
          if (key !== undefined) listener({ approvalId, key: { scope: key.scope, session: key.session, cell: key.cell } });
        })
        .catch(() => undefined);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${DECISIONS_CHANNEL}`);
    } catch (error) {
      closing = true;
      await client.end().catch(() => undefined);
      throw new StoreError({ code: 'STORE_UNAVAILABLE', message: `The PostgreSQL store could not watch decisions: ${error instanceof Error ? error.message : String(error)}`, retryable: true, cause: error });
    }
    return {
      ended,
      close: async () => {
        closing = true;
        await client.end().catch(() => undefined);
        finish(undefined);
      },
    };
  }

  async moveCall(lease: Lease, callId: string, from: JournalState, to: Exclude<JournalState, 'awaiting'>, outcome?: JsonValue): Promise<void> {
    if (!isJournalMove(from, to)) {
      throw new StoreError({ code: 'STORE_CONFLICT', message: `A call cannot move from "${from}" to "${to}"; its journal only moves forward.` });
    }
    await this.#transaction('move the call', async (client) => {
      // The lease row stays locked until the move commits: a claim waits, and a claim that came first fences this move out.
      const { rows } = await client.query<{ token: string; expires_at: string; released: boolean }>(
        `SELECT token, expires_at, released FROM ${this.#schema}.leases WHERE ${KEY_MATCH} FOR SHARE`,
        keyParams(lease.key),
      );
      const current = rows[0];
      if (current === undefined || Number(current.token) !== lease.token || current.released || this.#now() >= lease.expiresAt) {
        const why = current === undefined || Number(current.token) !== lease.token ? 'another process claimed it since' : current.released ? 'it was released' : 'it expired';
        throw new StoreError({ code: 'STORE_LEASE_LOST', message: `The lease on cell "${lease.key.cell}" is no longer held (${why}); nothing was written. Read the cell again.` });
      }
      const values = [...keyParams(lease.key), callId, to, outcome === undefined ? null : JSON.stringify(outcome)];
      const moved =
        from === 'awaiting'
          ? await client.query(`INSERT INTO ${this.#schema}.journal (scope, session, cell, call_id, state, outcome) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, values)
          : await client.query(`UPDATE ${this.#schema}.journal SET state = $5, outcome = $6 WHERE ${KEY_MATCH} AND call_id = $4 AND state = $7`, [...values, from]);
      if (moved.rowCount !== 1) {
        const state = await client.query<{ state: string }>(`SELECT state FROM ${this.#schema}.journal WHERE ${KEY_MATCH} AND call_id = $4`, keyParams(lease.key).concat(callId));
        throw new StoreError({ code: 'STORE_CONFLICT', message: `Call "${callId}" of cell "${lease.key.cell}" is "${state.rows[0]?.state ?? 'awaiting'}", not "${from}": another process moved it.` });
      }
    });
  }

  async readJournal(key: CellKey): Promise<JournalEntry[]> {
    return this.#run('read the journal', async (client) => {
      const { rows } = await client.query<{ call_id: string; state: string; outcome: JsonValue | null }>(
        `SELECT call_id, state, outcome FROM ${this.#schema}.journal WHERE ${KEY_MATCH}`,
        keyParams(key),
      );
      return rows.map((row) => {
        if (!JOURNAL_STATES.has(row.state)) throw corrupt(`The journal of cell "${key.cell}" has call "${row.call_id}" in an unknown state "${row.state}"`);
        const state = row.state as JournalEntry['state'];
        return row.outcome === null ? { callId: row.call_id, state } : { callId: row.call_id, state, outcome: row.outcome };
      });
    });
  }

  async sweep(): Promise<number> {
    return this.#transaction('sweep expired records', async (client) => {
      const now = this.#now();
      const removed = await client.query(`DELETE FROM ${this.#schema}.cells WHERE expires_at <= $1`, [now]);
      // Journals and leases of cells that are gone (expired, or never written).
      for (const table of ['journal', 'leases']) {
        await client.query(
          `DELETE FROM ${this.#schema}.${table} AS row WHERE NOT EXISTS (SELECT 1 FROM ${this.#schema}.cells AS c WHERE c.scope = row.scope AND c.session = row.session AND c.cell = row.cell)`,
        );
      }
      // The decision with its approval: an approval without its row is unknown, never undecided.
      await client.query(`DELETE FROM ${this.#schema}.decisions WHERE approval_id IN (SELECT approval_id FROM ${this.#schema}.approvals WHERE expires_at <= $1)`, [now]);
      await client.query(`DELETE FROM ${this.#schema}.approvals WHERE expires_at <= $1`, [now]);
      return removed.rowCount ?? 0;
    });
  }

  async #decision(client: Client, approvalId: string): Promise<StoredDecision | undefined> {
    const { rows } = await client.query<{ decision: StoredDecisionInput; decided_at: string }>(`SELECT decision, decided_at FROM ${this.#schema}.decisions WHERE approval_id = $1`, [approvalId]);
    return rows[0] === undefined ? undefined : { approvalId, decision: rows[0].decision, decidedAt: Number(rows[0].decided_at) };
  }

  /** Run `operation` on one connection inside a transaction (rolled back if it throws). */
  async #transaction<Result>(what: string, operation: (client: Client) => Promise<Result>): Promise<Result> {
    return this.#run(what, async (client) => {
      await client.query('BEGIN');
      try {
        const result = await operation(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  /** Create the schema once, then run `operation` on a pooled connection; a driver failure becomes `STORE_UNAVAILABLE`. */
  async #run<Result>(what: string, operation: (client: Client) => Promise<Result>): Promise<Result> {
    let client: Client | undefined;
    let broken = false;
    // A connection the server ends while we hold it emits 'error' (its query rejects too): without a listener that would end the process.
    const onError = (): void => {
      broken = true;
    };
    try {
      client = await this.#pool.connect();
      client.on('error', onError);
      this.#ready ??= this.#createSchema(client);
      await this.#ready;
      return await operation(client);
    } catch (error) {
      if (StoreError.isInstance(error)) throw error;
      this.#ready = undefined;
      broken = true;
      const sqlState = typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code ?? '') : '';
      throw new StoreError({
        code: 'STORE_UNAVAILABLE',
        message: `The PostgreSQL store could not ${what}: ${error instanceof Error ? error.message : String(error)}`,
        retryable: client === undefined || RETRYABLE_SQLSTATE.test(sqlState) || /^E[A-Z]+$/.test(sqlState),
        cause: error,
      });
    } finally {
      // A connection that failed is closed, not reused.
      client?.off('error', onError);
      client?.release(broken);
    }
  }

  async #createSchema(client: Client): Promise<void> {
    await client.query('BEGIN');
    try {
      // Two processes creating the tables at once would collide in the catalog: one at a time.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`toolcell-durable-store ${this.#schemaName}`]);
      for (const statement of schemaStatements(this.#schemaName)) await client.query(statement);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
}

const CELL_STATUSES: ReadonlySet<string> = new Set<CellStatus>(['suspended', 'done']);
const JOURNAL_STATES: ReadonlySet<string> = new Set<JournalEntry['state']>(['approved', 'denied', 'started', 'done']);

/** The approval id of a decision announced for the store with `schema`, if the message is one. */
function parseNotice(channel: string, payload: string | undefined, schema: string): string | undefined {
  if (channel !== DECISIONS_CHANNEL || payload === undefined) return undefined;
  try {
    const parsed = JSON.parse(payload) as { schema?: unknown; approvalId?: unknown };
    return parsed.schema === schema && typeof parsed.approvalId === 'string' ? parsed.approvalId : undefined;
  } catch {
    return undefined;
  }
}

function keyParams(key: CellKey): string[] {
  return [key.scope, key.session, key.cell];
}

function decodeCell(row: CellRow): CellRecord {
  if (!CELL_STATUSES.has(row.status) || !Array.isArray(row.approvals)) {
    throw corrupt(`The row of cell "${row.cell}" has status "${row.status}" and approvals that are ${Array.isArray(row.approvals) ? 'a list' : 'not a list'}`);
  }
  return {
    key: { scope: row.scope, session: row.session, cell: row.cell },
    version: row.version,
    status: row.status as CellStatus,
    expiresAt: Number(row.expires_at),
    approvals: row.approvals,
    state: row.state,
    snapshot: row.snapshot === null || row.snapshot === undefined ? undefined : new Uint8Array(row.snapshot),
  };
}

function corrupt(what: string): StoreError {
  return new StoreError({ code: 'STORE_CORRUPT', message: `${what}; it was changed outside the store (by hand, or by another version).` });
}

function conflict(key: CellKey, expected: number, current: number): StoreError {
  return new StoreError({
    code: 'STORE_CONFLICT',
    message: `Cell "${key.cell}" is at version ${current}, not ${expected}: another process wrote it meanwhile. Read it again.`,
  });
}
