import type { JsonObject, JsonValue } from '@toolcell/core';
import type { CellKey, CellRecord, DurableStore, Lease, RecordDecisionResult, StoredApproval, StoredDecisionInput } from '@toolcell/durable-store';
import { previewApprovalArgs } from '@toolcell/executor';
import type { Scope, ToolRegistry } from '@toolcell/registry';
import type { DurableProgramResult, DurableRunOptions, DurableSandboxTransport, GuestToolResponse, OutputItem, RunProgramRequest, SandboxLimits, SealKeys } from '@toolcell/sandbox';
import { runProgramSource } from '../run-program-source.js';
import { DurableCellError } from './durable-cell-error.js';
import type { DurableCellHooks } from './durable-cell-hooks.js';
import type { DurableApprovalView, DurableCellReport } from './durable-cell-report.js';
import type { DurableCellsRuntime, ParkedCallInfo } from './durable-tool-batch.js';
import { DurableToolBatch } from './durable-tool-batch.js';
import { resolveParkedCalls } from './resolve-parked-calls.js';

/** Options of {@link DurableCells}. */
export interface DurableCellsOptions {
  readonly registry: ToolRegistry;
  /** The runtime nested calls go through; its approval handler answers `defer` for calls a person decides later. */
  readonly runtime: DurableCellsRuntime;
  /** A transport that runs durable programs (`createInProcessTransport()`). */
  readonly transport: DurableSandboxTransport;
  readonly store: DurableStore;
  /** The host's keys that seal snapshots (keep them secret; the same in every process that resumes). */
  readonly keys: SealKeys;
  /** How long a suspended cell and its approvals live, in ms (default 24 hours). */
  readonly ttlMs?: number;
  /** How long a resume may hold a cell before another process may take it over, in ms (default 5 minutes). */
  readonly leaseTtlMs?: number;
  /** Who resumes, named in a `STORE_LEASE_HELD` message (default: "another process" and a random suffix). */
  readonly holder?: string;
  readonly limits?: Partial<SandboxLimits>;
  /** The clock expiry is checked against, epoch milliseconds (default `Date.now`; tests pass a fake one). */
  readonly now?: () => number;
}

/** One program to run as a durable cell. */
export interface DurableCellStart {
  /** The program: the body of an async function. */
  readonly code: string;
  /** The conversation it belongs to: approvals are listed by session. */
  readonly session: string;
  /** The `exec` call's id; nested calls are `<callId>:code:<n>`. */
  readonly callId: string;
  /** The scope it runs in (default: the registry's root). */
  readonly scope?: Scope;
  /** The cell's id (default: a new one). */
  readonly cellId?: string;
  readonly hostContext?: unknown;
  /** How the program meets its host while it runs (Code Mode's `exec` passes its cell's). */
  readonly hooks?: DurableCellHooks;
}

/** A parked call as the cell keeps it: with the declared definition (JSON) its approval was asked for. */
interface StoredParkedCall extends ParkedCallInfo {
  readonly definition?: string;
}

/** What the cell keeps in the store besides its snapshot. */
interface DurableCellState {
  readonly execCallId: string;
  /** When its program started (epoch ms, the cells' clock): a listing's age. Absent in cells stored before it was kept. */
  readonly startedAt?: number;
  /** Sandbox call id → the parked call, for every parked call of every round. */
  readonly calls: Record<string, StoredParkedCall>;
  /** While suspended: what the program produced so far. */
  readonly output?: readonly OutputItem[];
  /** Once done: its final report. */
  readonly report?: DurableCellReport;
  /** While suspended: its stored-value writes not committed yet (see {@link DurableCellHooks.writes}). */
  readonly writes?: Readonly<Record<string, JsonValue>>;
}

/** One round of a cell (a start or a resume), as it is settled. */
interface Round {
  readonly key: CellKey;
  /** The cell's version in the store (0: never stored). */
  readonly version: number;
  readonly execCallId: string;
  readonly startedAt: number | undefined;
  readonly calls: Record<string, StoredParkedCall>;
  /** The approvals still parked from earlier rounds. */
  readonly approvals: readonly StoredApproval[];
  readonly batch: DurableToolBatch;
  readonly run: Promise<DurableProgramResult>;
  readonly hooks: DurableCellHooks | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Programs whose approvals are decided later, in any process: when every call a program has
 * in flight is parked (its approval deferred), the cell is suspended into the store — its
 * sandbox instance freed — and the report lists every pending approval of the batch at once.
 * Decisions are recorded (first wins); `resume` continues the program exactly where it
 * stopped, under a lease, running each approved call at most once.
 */
export class DurableCells {
  readonly #options: DurableCellsOptions;
  readonly #holder: string;
  readonly #now: () => number;

  constructor(options: DurableCellsOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#holder = options.holder ?? `another process (${globalThis.crypto.randomUUID().slice(0, 8)})`;
  }

  /** Run a program; it ends, or it is suspended into the store at its parked calls. */
  async start(request: DurableCellStart): Promise<DurableCellReport> {
    const startedAt = this.#now();
    const scope = request.scope ?? this.#options.registry.root;
    const key: CellKey = { scope: scope.id, session: request.session, cell: request.cellId ?? `dcell_${globalThis.crypto.randomUUID()}` };
    const bindings = this.#options.registry.plan(scope).bindings;
    const batch = this.#batch(scope, key, request.callId, request.hostContext, request.hooks);
    // JavaScript first, TypeScript stripped only if that does not compile (as `exec` runs programs).
    const run = runProgramSource((program) => this.#options.transport.runDurable({ ...program, durable: { ...this.#durable(key), onSuspendRefused: batch.onSuspendRefused } }), {
      source: request.code,
      bindings: bindings.map((binding) => ({ jsName: binding.jsName, canonicalName: binding.canonicalName, description: binding.tool.description, kind: binding.tool.kind })),
      ...(this.#options.limits === undefined ? {} : { limits: this.#options.limits }),
      onToolBatch: batch.onToolBatch,
      ...roundHooks(request.hooks),
    });
    return this.#settle({ key, version: 0, execCallId: request.callId, startedAt, calls: {}, approvals: [], batch, run, hooks: request.hooks });
  }

  /** The approvals no one has decided yet, by session (or scope). */
  async pending(filter: { readonly session?: string; readonly scope?: string }): Promise<DurableApprovalView[]> {
    // Loaded here, not at import: a host that never lists pending approvals never loads the store package.
    const { listPendingApprovals } = await import('@toolcell/durable-store');
    const pending = await listPendingApprovals(this.#options.store, filter);
    return pending.map((approval) => toView(approval.key, approval));
  }

  /** Record a decision on an approval; the first one wins, a later one is told which stands. */
  decide(approvalId: string, decision: StoredDecisionInput): Promise<RecordDecisionResult> {
    return this.#options.store.recordDecision(approvalId, decision);
  }

  /**
   * Continue a suspended cell with the decisions recorded so far (undecided calls stay parked),
   * under the cell's lease: another process resuming it meanwhile gets `STORE_LEASE_HELD`. A
   * cell that ended answers its final report; nothing runs again.
   */
  async resume(key: CellKey, options: { readonly hostContext?: unknown; readonly hooks?: DurableCellHooks } = {}): Promise<DurableCellReport> {
    return await this.#underLease(key, async (cell, state, lease) => {
      const store = this.#options.store;
      if (this.#now() >= cell.expiresAt || cell.snapshot === undefined) throw expired(key, cell.expiresAt);
      // Before any decided call runs: a snapshot this host cannot open (a lost key, another build) would strand their effects.
      this.#options.transport.checkSnapshot({ snapshot: cell.snapshot, durable: this.#durable(key) });
      const scope = this.#options.registry.scope(key.scope);
      const batch = this.#batch(scope, key, state.execCallId, options.hostContext, options.hooks);
      options.hooks?.restoreWrites?.(state.writes ?? {});
      const registry = this.#options.registry;
      const answers = await resolveParkedCalls({
        store,
        lease,
        approvals: cell.approvals,
        calls: state.calls,
        batch,
        isIdempotent: (name) => registry.get(name)?.idempotent === true,
        refusal: (callId, info) => replacedRefusal(info, state.calls[callId]?.definition, registry),
      });
      if (answers.length === 0) return suspendedReport(key, cell.approvals, state.output ?? []);
      const run = this.#options.transport.resume({ snapshot: cell.snapshot, answers, onToolBatch: batch.onToolBatch, durable: { ...this.#durable(key), onSuspendRefused: batch.onSuspendRefused }, ...roundHooks(options.hooks) });
      const answered = new Set(answers.map((answer) => String(answer.id)));
      const stillParked = cell.approvals.filter((approval) => !answered.has(approval.callId));
      return await this.#settle({ key, version: cell.version, execCallId: state.execCallId, startedAt: state.startedAt, calls: state.calls, approvals: stillParked, batch, run, hooks: options.hooks });
    });
  }

  /**
   * How a cell stands in the store now, without resuming it: a suspended cell with the
   * approvals nobody has decided yet (none: its whole batch is decided, `resume` goes on), or
   * an ended cell's final report. `undefined` for a cell the store does not have.
   *
   * @throws DurableCellError `DURABLE_CELL_EXPIRED` for a suspended cell past its expiry.
   */
  async read(key: CellKey): Promise<DurableCellReport | undefined> {
    const store = this.#options.store;
    const cell = await store.readCell(key);
    if (cell === undefined) return undefined;
    const state = cell.state as unknown as DurableCellState;
    if (typeof state !== 'object' || state === null || typeof state.execCallId !== 'string') return undefined;
    if (cell.status === 'done') return state.report && { ...state.report, execCallId: state.execCallId };
    if (this.#now() >= cell.expiresAt) throw expired(key, cell.expiresAt);
    const undecided: StoredApproval[] = [];
    for (const approval of cell.approvals) if ((await store.readDecision(approval.approvalId)) === undefined) undecided.push(approval);
    return { ...suspendedReport(key, undecided, state.output ?? []), execCallId: state.execCallId };
  }

  /**
   * End a suspended cell without running its program on: every approval nobody decided is
   * denied with `reason`, and the cell is stored as `terminated` (a later `resume` answers
   * that report). A cell that ended already answers its final report.
   */
  async terminate(key: CellKey, reason = 'terminated'): Promise<DurableCellReport> {
    return await this.#underLease(key, async (cell, state) => {
      const store = this.#options.store;
      await this.#denyUndecided(cell.approvals, reason);
      const report: DurableCellReport = { status: 'terminated', key, output: state.output ?? [] };
      const done: DurableCellState = { execCallId: state.execCallId, ...startedAtOf(state), calls: state.calls, report };
      await store.writeCell({ key, status: 'done', expiresAt: this.#now() + (this.#options.ttlMs ?? DAY_MS), approvals: [], state: done as unknown as JsonValue, snapshot: undefined }, cell.version);
      return report;
    });
  }

  /** Deny the approvals nobody decided (a decision already recorded stands), as a terminated cell's. */
  async #denyUndecided(approvals: readonly StoredApproval[], reason: string): Promise<void> {
    for (const approval of approvals) {
      if (this.#now() < approval.expiresAt) await this.#options.store.recordDecision(approval.approvalId, { type: 'deny', reason });
    }
  }

  /**
   * Runs `step` on a stored cell under the cell's lease, released after it (a release that
   * fails does not hide the error of a failed step); a cell that ended answers its final
   * report without `step`.
   */
  async #underLease(key: CellKey, step: (cell: CellRecord, state: DurableCellState, lease: Lease) => Promise<DurableCellReport>): Promise<DurableCellReport> {
    const store = this.#options.store;
    const lease = await store.claimLease(key, this.#holder, this.#options.leaseTtlMs ?? 5 * 60_000);
    let failed = false;
    try {
      const cell = await store.readCell(key);
      if (cell === undefined) throw unknown(key);
      const state = cell.state as unknown as DurableCellState;
      if (cell.status === 'done' && state.report !== undefined) return state.report;
      return await step(cell, state, lease);
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      await releaseLease(store, lease, failed);
    }
  }

  #batch(scope: Scope, key: CellKey, execCallId: string, hostContext: unknown, hooks: DurableCellHooks | undefined): DurableToolBatch {
    const bindings = this.#options.registry.plan(scope).bindings;
    return new DurableToolBatch({
      runtime: this.#options.runtime,
      scope,
      parent: { callId: execCallId, cellId: key.cell },
      canonicalOf: new Map(bindings.map((binding) => [binding.jsName, binding.canonicalName])),
      hostContext,
      ...(hooks?.isUnobserved === undefined ? {} : { isUnobserved: hooks.isUnobserved }),
      ...(hooks?.onUnobservedCall === undefined ? {} : { onUnobservedCall: hooks.onUnobservedCall }),
      ...(hooks?.onModelContext === undefined ? {} : { onModelContext: hooks.onModelContext }),
    });
  }

  #durable(key: CellKey): DurableRunOptions {
    return { keys: this.#options.keys, identity: { scope: key.scope, session: key.session, cell: key.cell }, ttlMs: this.#options.ttlMs ?? DAY_MS };
  }

  /** Store how a round ended: suspended (snapshot and approvals) or done (the final report). */
  async #settle(round: Round): Promise<DurableCellReport> {
    const { batch } = round;
    let suspended = false;
    try {
      const result = await round.run;
      suspended = result.status === 'suspended';
      return await this.#store(round, result);
    } finally {
      // Calls the program left in flight end with the round; parked ones now wait in the store.
      await batch.settle(suspended ? 'the cell was suspended into the durable store; its approval is decided there' : undefined);
    }
  }

  async #store(round: Round, result: DurableProgramResult): Promise<DurableCellReport> {
    const { key, batch } = round;
    if (result.status !== 'suspended') {
      const terminated = result.status === 'failed' && result.error?.code === 'EXEC_CANCELLED' && round.hooks?.isTerminated?.() === true;
      const report: DurableCellReport = terminated
        ? { status: 'terminated', key, output: result.output, stats: result.stats }
        : {
            status: result.status,
            key,
            output: result.output,
            ...(result.returnValue === undefined ? {} : { returnValue: result.returnValue }),
            ...(result.error === undefined ? {} : { error: result.error }),
            stats: result.stats,
          };
      // A cell that never suspended has nothing in the store to finish.
      if (round.version > 0) {
        if (terminated) await this.#denyUndecided(round.approvals, 'terminated');
        const state: DurableCellState = { execCallId: round.execCallId, ...startedAtOf(round), calls: round.calls, report };
        await this.#options.store.writeCell({ key, status: 'done', expiresAt: this.#now() + (this.#options.ttlMs ?? DAY_MS), approvals: [], state: state as unknown as JsonValue, snapshot: undefined }, round.version);
      }
      return report;
    }
    const calls = { ...round.calls };
    const kept = new Map(round.approvals.map((approval) => [approval.callId, approval]));
    const approvals: StoredApproval[] = [];
    for (const parked of result.parked) {
      const id = String(parked.id);
      const earlier = kept.get(id);
      if (earlier !== undefined) {
        approvals.push(earlier);
        continue;
      }
      const info = batch.parked.get(parked.id);
      if (info === undefined) continue;
      calls[id] = { ...info, definition: declaredDefinition(this.#options.registry, info.toolName) };
      const args = typeof info.args === 'string' ? info.args : previewApprovalArgs((info.args ?? {}) as JsonObject);
      approvals.push({ approvalId: `appr_${globalThis.crypto.randomUUID()}`, callId: id, toolName: info.toolName, args, expiresAt: result.expiresAt });
    }
    const writes = round.hooks?.writes?.();
    const state: DurableCellState = { execCallId: round.execCallId, ...startedAtOf(round), calls, output: result.output, ...(writes === undefined ? {} : { writes }) };
    await this.#options.store.writeCell({ key, status: 'suspended', expiresAt: result.expiresAt, approvals, state: state as unknown as JsonValue, snapshot: result.snapshot }, round.version);
    return { ...suspendedReport(key, approvals, result.output), stats: result.stats };
  }
}

/** When a stored cell's program started (epoch ms), from its state in the store; `undefined` for a cell stored before it was kept. */
export function cellStartedAt(state: JsonValue): number | undefined {
  const startedAt = typeof state === 'object' && state !== null && !Array.isArray(state) ? state['startedAt'] : undefined;
  return typeof startedAt === 'number' ? startedAt : undefined;
}

function startedAtOf(source: { readonly startedAt?: number | undefined }): { readonly startedAt?: number } {
  return source.startedAt === undefined ? {} : { startedAt: source.startedAt };
}

/** Give the lease back; when the store fails that too (full, gone) after the work failed, the work's error is the one thrown. */
async function releaseLease(store: DurableStore, lease: Lease, failed: boolean): Promise<void> {
  try {
    await store.releaseLease(lease);
  } catch (error) {
    if (!failed) throw error;
  }
}

function suspendedReport(key: CellKey, approvals: readonly StoredApproval[], output: readonly OutputItem[]): DurableCellReport {
  return { status: 'suspended', key, pendingApprovals: approvals.map((approval) => toView(key, approval)), output };
}

function toView(key: CellKey, approval: StoredApproval): DurableApprovalView {
  return { approvalId: approval.approvalId, toolName: approval.toolName, args: String(approval.args), cellId: key.cell, expiresAt: approval.expiresAt };
}

/**
 * A tool's declared definition as JSON (its functions left out): what a person approved a
 * call of. Another process registers the same declaration; a replacement declares another.
 */
function declaredDefinition(registry: ToolRegistry, toolName: string): string {
  return JSON.stringify(registry.get(toolName) ?? null);
}

/** A call whose tool was replaced by another declaration while it was parked: refused, not run (as a pending approval's is). */
function replacedRefusal(info: ParkedCallInfo, definition: string | undefined, registry: ToolRegistry): GuestToolResponse | undefined {
  if (definition === undefined || registry.get(info.toolName) === undefined || declaredDefinition(registry, info.toolName) === definition) return undefined;
  return {
    ok: false,
    error: {
      code: 'NOT_CALLABLE',
      message: `"${info.toolName}" was replaced by another definition while its approval was pending, so the approved call was not run. Call it again.`,
      callId: info.callId,
    },
  };
}

/** The sandbox options of one round's run, from its hooks. */
function roundHooks(hooks: DurableCellHooks | undefined): Pick<RunProgramRequest, 'onOutput' | 'cells' | 'signal'> {
  return {
    ...(hooks?.onOutput === undefined ? {} : { onOutput: hooks.onOutput }),
    ...(hooks?.cells === undefined ? {} : { cells: hooks.cells }),
    ...(hooks?.signal === undefined ? {} : { signal: hooks.signal }),
  };
}

function unknown(key: CellKey): DurableCellError {
  return new DurableCellError({ code: 'DURABLE_CELL_UNKNOWN', message: `There is no durable cell "${key.cell}" in session "${key.session}" (never suspended, or expired and swept).` });
}

function expired(key: CellKey, expiresAt: number): DurableCellError {
  return new DurableCellError({ code: 'DURABLE_CELL_EXPIRED', message: `Durable cell "${key.cell}" expired at ${new Date(expiresAt).toISOString()}; its program cannot go on. Run it again.` });
}
