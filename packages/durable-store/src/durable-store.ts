import type { JsonValue } from '@toolcell/core';
import type { StoreError } from './store-error.js';

/** Which cell: the scope and session it belongs to and its id. */
export interface CellKey {
  readonly scope: string;
  readonly session: string;
  readonly cell: string;
}

/** A parked call's approval, as stored with its suspended cell. */
export interface StoredApproval {
  /** Unique in the store; what a person approves or denies. */
  readonly approvalId: string;
  /** The parked call's id in the cell's journal. */
  readonly callId: string;
  /** The canonical tool name. */
  readonly toolName: string;
  /** The arguments as the approval preview shows them. */
  readonly args: JsonValue;
  /** Epoch milliseconds after which a decision is refused (`STORE_EXPIRED`). */
  readonly expiresAt: number;
}

/** `suspended`: a snapshot waits for decisions; `done`: only the final state is kept, until expiry. */
export type CellStatus = 'suspended' | 'done';

/** A cell as the store keeps it, at one version. */
export interface CellRecord {
  readonly key: CellKey;
  /** Starts at 1; each write adds one (compare-and-set). */
  readonly version: number;
  readonly status: CellStatus;
  /** Epoch milliseconds after which `sweep` removes the cell (and its approvals and journal). */
  readonly expiresAt: number;
  /** The approvals of the calls it is parked at (empty once done). */
  readonly approvals: readonly StoredApproval[];
  /** The owner's own state (Code Mode's report, output, stored values): opaque to the store. */
  readonly state: JsonValue;
  /** The sealed program snapshot, while suspended. */
  readonly snapshot: Uint8Array | undefined;
}

/** What `writeCell` writes: a record without its version (the store assigns it). */
export type CellWrite = Omit<CellRecord, 'version'>;

/** A person's (or a policy's) answer to a stored approval. */
export type StoredDecisionInput = { readonly type: 'approve' } | { readonly type: 'deny'; readonly reason?: string };

/** A decision as recorded: the first one for an approval wins. */
export interface StoredDecision {
  readonly approvalId: string;
  readonly decision: StoredDecisionInput;
  /** Epoch milliseconds. */
  readonly decidedAt: number;
}

/** What `recordDecision` did: recorded this decision, or found an earlier one (which stands). */
export interface RecordDecisionResult {
  readonly recorded: boolean;
  /** The decision that stands. */
  readonly decision: StoredDecision;
  /** The cell the approval belongs to (the one to resume once its batch is decided). */
  readonly key: CellKey;
}

/**
 * A parked call's state in the cell's journal, moved only forward and only by the lease
 * holder: `awaiting` → `approved` | `denied`; `approved` → `started` (before it may run);
 * `started` | `denied` → `done` (its outcome recorded). A call found `started` after a crash
 * may have run: it is never run again unless its tool is idempotent.
 */
export type JournalState = 'awaiting' | 'approved' | 'denied' | 'started' | 'done';

/** One call's entry in a cell's journal (`awaiting` calls have none). */
export interface JournalEntry {
  readonly callId: string;
  readonly state: Exclude<JournalState, 'awaiting'>;
  /** For `done`: the outcome delivered to the program. */
  readonly outcome?: JsonValue;
}

/** The right to resume a cell, held by one process until released or expired. */
export interface Lease {
  readonly key: CellKey;
  /** Who holds it (for messages: a process or host name). */
  readonly holder: string;
  /** Grows with every claim of the cell: a fencing token. */
  readonly token: number;
  /** Epoch milliseconds after which another process may claim the cell. */
  readonly expiresAt: number;
}

/** Which cells `listCells` returns. */
export interface CellFilter {
  readonly scope?: string;
  readonly session?: string;
}

/** What a decision watcher hears: a decision was recorded for an approval of a cell. */
export interface DecisionNotice {
  readonly approvalId: string;
  /** The cell the approval belongs to (the one to resume once its batch is decided). */
  readonly key: CellKey;
}

/** A running {@link DurableStore.watchDecisions}. */
export interface DecisionWatch {
  /** Stop listening. */
  close(): Promise<void>;
  /**
   * Settles when the watch ends: `undefined` after `close`, a `STORE_UNAVAILABLE`
   * {@link StoreError} when the backend dropped it (a server that went away). Notices of
   * decisions recorded meanwhile are lost: read the store, then watch again.
   */
  readonly ended: Promise<StoreError | undefined>;
}

/** A cell without its snapshot (what listing reads). */
export type CellSummary = Omit<CellRecord, 'snapshot'>;

/**
 * Where durable cells live between turns. One small interface, compare-and-set everywhere,
 * so a backend is a few files or a few SQL statements: files (`@toolcell/durable-store/files`)
 * and PostgreSQL implement it, and `runStoreContract` (in this package's tests) checks both.
 * Every method may reject with a {@link StoreError}.
 */
export interface DurableStore {
  /** The cell's current version, or `undefined` if there is none (never written, or swept). */
  readCell(key: CellKey): Promise<CellRecord | undefined>;
  /**
   * Write a cell if its current version is `expectedVersion` (0: it must not exist). Its
   * approvals become decidable. Rejects `STORE_CONFLICT` if another write came first.
   */
  writeCell(cell: CellWrite, expectedVersion: number): Promise<CellRecord>;
  /** The cells of a scope and/or session (without snapshots), in no particular order. */
  listCells(filter: CellFilter): Promise<CellSummary[]>;
  /** Claim the right to resume a cell for `ttlMs`. Rejects `STORE_LEASE_HELD` while another holds it. */
  claimLease(key: CellKey, holder: string, ttlMs: number): Promise<Lease>;
  /** Give a lease back (a no-op for a lease that is no longer current). */
  releaseLease(lease: Lease): Promise<void>;
  /**
   * Record a decision; the first one wins (`recorded: false` returns the one that stands).
   * Either way it names the approval's cell. Rejects `STORE_UNKNOWN_APPROVAL` or `STORE_EXPIRED`.
   */
  recordDecision(approvalId: string, decision: StoredDecisionInput): Promise<RecordDecisionResult>;
  /** The decision recorded for an approval, if any. */
  readDecision(approvalId: string): Promise<StoredDecision | undefined>;
  /**
   * Move a call's journal state from `from` to `to` (see {@link JournalState}), under the
   * cell's current lease. Rejects `STORE_CONFLICT` if the call is not in `from` (another
   * process moved it), `STORE_LEASE_LOST` if the lease is no longer current.
   */
  moveCall(lease: Lease, callId: string, from: JournalState, to: Exclude<JournalState, 'awaiting'>, outcome?: JsonValue): Promise<void>;
  /** The journal of a cell: every call that left `awaiting`, at its furthest state. */
  readJournal(key: CellKey): Promise<JournalEntry[]>;
  /** Remove cells, approvals, decisions and journals past their expiry; returns the cells removed. */
  sweep(): Promise<number>;
  /**
   * Optional: call `listener` soon after a decision is recorded, by any process, so a waiter
   * resumes without polling. A wake-up, not a record: each recorded decision is announced at
   * most once (none for a decision that did not win), and none while the watch is down, so a
   * waiter still reads the store (`readDecision`, `listPendingApprovals`) when it starts and
   * after `ended`. PostgreSQL: `LISTEN/NOTIFY`, sent in the statement that records the
   * decision. Files: the decisions folder watched with `fs.watch` (this machine only).
   */
  watchDecisions?(listener: (notice: DecisionNotice) => void): Promise<DecisionWatch>;
}
