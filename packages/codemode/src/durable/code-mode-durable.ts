import type { JsonValue } from '@toolcell/core';
import { errorMessage } from '@toolcell/core';
import type { CellKey, DurableStore } from '@toolcell/durable-store';
import type { ToolRegistry, Scope } from '@toolcell/registry';
import type { DurableSandboxTransport, SandboxLimits, SealKeys } from '@toolcell/sandbox';
import type { CellProgramResult } from '../cell.js';
import type { CellSummary } from '../code-mode-events.js';
import type { CodeModeSession } from '../code-mode-session.js';
import type { DurableCellHooks } from './durable-cell-hooks.js';
import type { DurableCellReport } from './durable-cell-report.js';
import type { DurableCellsRuntime } from './durable-tool-batch.js';
import { CodeModeDurableCells } from './code-mode-durable-cells.js';
import { cellStartedAt } from './durable-cells.js';

/** `CodeModeOptions.durable`: cells backed by a durable store (approvals decided later, in any process). */
export interface CodeModeDurableOptions {
  /** Where suspended cells, their approvals and the sessions' stored values live (`@toolcell/durable-store`). */
  readonly store: DurableStore;
  /** The keys that seal snapshots: secret, and the same in every process that resumes. */
  readonly keys: SealKeys;
  /** How long a suspended cell, its approvals and a session's stored values (since their last commit) live, in ms (default 24 hours). */
  readonly ttlMs?: number;
  /** How long a resume may hold a cell before another process may take it over, in ms (default 5 minutes). */
  readonly leaseTtlMs?: number;
  /** Who resumes, named in a `STORE_LEASE_HELD` message (default: "another process" and a random suffix). */
  readonly holder?: string;
  /**
   * Resume a cell in this process as soon as a decision recorded through
   * `codeMode.durable.decide` completes its batch, its report delivered as a `cell-update`
   * (default `true`). A process that only records decisions (a CLI) turns it off.
   */
  readonly autoResume?: boolean;
  /** The clock, epoch milliseconds: expiry and the sweep interval (default `Date.now`; tests pass a fake one). */
  readonly now?: () => number;
  /** `store.sweep()` runs at the first durable `exec`, `wait` or listing, then at most once per this many ms (default one hour); no timer is set. */
  readonly sweepIntervalMs?: number;
}

/** What a durable run of a live cell needs to know besides its hooks. */
export interface DurableCellRun {
  readonly scope: Scope;
  readonly key: CellKey;
  readonly execCallId: string;
  readonly hostContext: unknown;
  /** The program of a new cell; absent: resume the suspended cell `key`. */
  readonly source?: string;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Where a session's stored values live: a record no cell key can name (no scope has this id). */
const VALUES_SCOPE = '~session-values';
const VALUES_CELL = 'values';
const COMMIT_ATTEMPTS = 8;

/** Code Mode's side of durable cells: runs, stored values in the store, listing and sweeping. */
export class CodeModeDurable {
  readonly cells: CodeModeDurableCells;
  readonly store: DurableStore;
  readonly now: () => number;
  readonly #ttlMs: number;
  readonly #sweepIntervalMs: number;
  #lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    options: CodeModeDurableOptions,
    parts: { readonly registry: ToolRegistry; readonly runtime: DurableCellsRuntime; readonly transport: DurableSandboxTransport; readonly limits: SandboxLimits },
    onBatchDecided: (key: CellKey) => void,
  ) {
    this.store = options.store;
    this.now = options.now ?? Date.now;
    this.#ttlMs = options.ttlMs ?? DAY_MS;
    this.#sweepIntervalMs = options.sweepIntervalMs ?? HOUR_MS;
    this.cells = new CodeModeDurableCells(
      {
        ...parts,
        store: options.store,
        keys: options.keys,
        ttlMs: this.#ttlMs,
        now: this.now,
        ...(options.leaseTtlMs === undefined ? {} : { leaseTtlMs: options.leaseTtlMs }),
        ...(options.holder === undefined ? {} : { holder: options.holder }),
      },
      options.autoResume === false ? undefined : onBatchDecided,
    );
  }

  /** Remove expired records, at most once per sweep interval; a failing sweep is tried again next interval. */
  async sweepIfDue(): Promise<void> {
    const now = this.now();
    if (now - this.#lastSweep < this.#sweepIntervalMs) return;
    this.#lastSweep = now;
    try {
      await this.store.sweep();
    } catch {
      // The store is unavailable now; the operation that asked goes on, and its own store use reports it.
    }
  }

  /** One round of a live cell: start its program, or resume it; a failure of the store fails the cell, never the host. */
  async run(run: DurableCellRun, hooks: DurableCellHooks): Promise<CellProgramResult> {
    let report: DurableCellReport;
    // A live cell's signal is aborted only by its terminate: the store keeps it as terminated.
    const { signal } = hooks;
    const roundHooks: DurableCellHooks = signal === undefined || hooks.isTerminated !== undefined ? hooks : { ...hooks, isTerminated: () => signal.aborted };
    try {
      report =
        run.source === undefined
          ? await this.cells.resume(run.key, { hostContext: run.hostContext, hooks: roundHooks })
          : await this.cells.start({ code: run.source, session: run.key.session, callId: run.execCallId, scope: run.scope, cellId: run.key.cell, hostContext: run.hostContext, hooks: roundHooks });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'STORE_LEASE_HELD') {
        const message = `${errorMessage(error)} Nothing ran here and the cell is not lost: call wait on it again later for its result.`;
        return { status: 'failed', error: { code: 'EXECUTION_FAILED', message }, cpuMs: 0 };
      }
      return { status: 'failed', error: { code: 'EXECUTION_FAILED', message: `The durable cell could not be kept in or taken from the store: ${errorMessage(error)}` }, cpuMs: 0 };
    }
    const cpuMs = report.stats?.cpuMs ?? 0;
    if (report.status === 'suspended') return { status: 'suspended', pendingApprovals: report.pendingApprovals, cpuMs };
    if (report.status === 'terminated' && signal?.aborted === true) return { status: 'failed', error: { code: 'EXEC_CANCELLED', message: `Cell "${run.key.cell}" was terminated.` }, cpuMs };
    if (report.status === 'terminated') return { status: 'failed', error: { code: 'EXECUTION_FAILED', message: `Cell "${run.key.cell}" was terminated (its approvals denied) while it waited in the store.` }, cpuMs };
    return { status: report.status, cpuMs, ...(report.returnValue === undefined ? {} : { returnValue: report.returnValue }), ...(report.error === undefined ? {} : { error: report.error }) };
  }

  /** The suspended cells of a session in the store, as listed to the model (none that is live here). */
  async list(scope: Scope, session: string, live: ReadonlySet<string>): Promise<CellSummary[]> {
    const summaries: CellSummary[] = [];
    for (const cell of await this.store.listCells({ scope: scope.id, session })) {
      if (cell.status !== 'suspended' || live.has(cell.key.cell)) continue;
      let pending = 0;
      for (const approval of cell.approvals) if ((await this.store.readDecision(approval.approvalId)) === undefined) pending += 1;
      const startedAt = cellStartedAt(cell.state);
      summaries.push({ cellId: cell.key.cell, state: 'suspended', ageMs: startedAt === undefined ? 0 : Math.max(0, Math.round(this.now() - startedAt)), pendingApprovals: pending });
    }
    return summaries;
  }

  /**
   * Take a session's committed stored values from the store: another process may have
   * committed some. A failing store leaves this process's; the next commit reports it.
   */
  async refreshValues(session: CodeModeSession): Promise<void> {
    try {
      const record = await this.store.readCell(valuesKey(session.key));
      if (record !== undefined) session.values.replace(valuesOf(record.state));
    } catch {
      // The program starts from the values this process has.
    }
  }

  /** Merge a completed cell's writes into the session's values in the store (last completion wins per key). */
  async commitValues(session: string, writes: Readonly<Record<string, JsonValue>>): Promise<void> {
    if (Object.keys(writes).length === 0) return;
    const key = valuesKey(session);
    for (let attempt = 1; ; attempt += 1) {
      const current = await this.store.readCell(key);
      const values = { ...(current === undefined ? {} : valuesOf(current.state)) };
      for (const [name, value] of Object.entries(writes)) Object.defineProperty(values, name, { value, enumerable: true, writable: true, configurable: true });
      try {
        await this.store.writeCell({ key, status: 'done', expiresAt: this.now() + this.#ttlMs, approvals: [], state: { values }, snapshot: undefined }, current?.version ?? 0);
        return;
      } catch (error) {
        // Another cell committed meanwhile: merge over its values and write again.
        if ((error as { code?: unknown }).code !== 'STORE_CONFLICT' || attempt >= COMMIT_ATTEMPTS) throw error;
      }
    }
  }
}

function valuesKey(session: string): CellKey {
  return { scope: VALUES_SCOPE, session, cell: VALUES_CELL };
}

function valuesOf(state: JsonValue): Record<string, JsonValue> {
  const values = typeof state === 'object' && state !== null && !Array.isArray(state) ? state['values'] : undefined;
  return typeof values === 'object' && values !== null && !Array.isArray(values) ? values : {};
}
