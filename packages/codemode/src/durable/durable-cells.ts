import type { JsonObject, JsonValue } from '@toolcell/core';
import type { CellKey, DurableStore, RecordDecisionResult, StoredApproval, StoredDecisionInput } from '@toolcell/durable-store';
import { previewApprovalArgs } from '@toolcell/executor';
import type { Scope, ToolRegistry } from '@toolcell/registry';
import type { DurableProgramResult, DurableRunOptions, DurableSandboxTransport, GuestToolResponse, OutputItem, SandboxLimits, SealKeys } from '@toolcell/sandbox';
import { DurableCellError } from './durable-cell-error.js';
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
}

/** A parked call as the cell keeps it: with the declared definition (JSON) its approval was asked for. */
interface StoredParkedCall extends ParkedCallInfo {
  readonly definition?: string;
}

/** What the cell keeps in the store besides its snapshot. */
interface DurableCellState {
  readonly execCallId: string;
  /** Sandbox call id → the parked call, for every parked call of every round. */
  readonly calls: Record<string, StoredParkedCall>;
  /** While suspended: what the program produced so far. */
  readonly output?: readonly OutputItem[];
  /** Once done: its final report. */
  readonly report?: DurableCellReport;
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

  constructor(options: DurableCellsOptions) {
    this.#options = options;
    this.#holder = options.holder ?? `another process (${globalThis.crypto.randomUUID().slice(0, 8)})`;
  }

  /** Run a program; it ends, or it is suspended into the store at its parked calls. */
  async start(request: DurableCellStart): Promise<DurableCellReport> {
    const scope = request.scope ?? this.#options.registry.root;
    const key: CellKey = { scope: scope.id, session: request.session, cell: request.cellId ?? `dcell_${globalThis.crypto.randomUUID()}` };
    const bindings = this.#options.registry.plan(scope).bindings;
    const batch = this.#batch(scope, key, request.callId, request.hostContext);
    const result = await this.#options.transport.runDurable({
      source: request.code,
      bindings: bindings.map((binding) => ({ jsName: binding.jsName, canonicalName: binding.canonicalName, description: binding.tool.description, kind: binding.tool.kind })),
      ...(this.#options.limits === undefined ? {} : { limits: this.#options.limits }),
      onToolBatch: batch.onToolBatch,
      durable: this.#durable(key),
    });
    return this.#settle({ key, version: 0, execCallId: request.callId, calls: {}, approvals: [], batch, result });
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
  async resume(key: CellKey, options: { readonly hostContext?: unknown } = {}): Promise<DurableCellReport> {
    const store = this.#options.store;
    const lease = await store.claimLease(key, this.#holder, this.#options.leaseTtlMs ?? 5 * 60_000);
    try {
      const cell = await store.readCell(key);
      if (cell === undefined) throw new DurableCellError({ code: 'DURABLE_CELL_UNKNOWN', message: `There is no durable cell "${key.cell}" in session "${key.session}" (never suspended, or expired and swept).` });
      const state = cell.state as unknown as DurableCellState;
      if (cell.status === 'done' && state.report !== undefined) return state.report;
      if (Date.now() >= cell.expiresAt || cell.snapshot === undefined) {
        throw new DurableCellError({ code: 'DURABLE_CELL_EXPIRED', message: `Durable cell "${key.cell}" expired at ${new Date(cell.expiresAt).toISOString()}; its program cannot go on. Run it again.` });
      }
      const scope = this.#options.registry.scope(key.scope);
      const batch = this.#batch(scope, key, state.execCallId, options.hostContext);
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
      const result = await this.#options.transport.resume({ snapshot: cell.snapshot, answers, onToolBatch: batch.onToolBatch, durable: this.#durable(key) });
      const answered = new Set(answers.map((answer) => String(answer.id)));
      const stillParked = cell.approvals.filter((approval) => !answered.has(approval.callId));
      return await this.#settle({ key, version: cell.version, execCallId: state.execCallId, calls: state.calls, approvals: stillParked, batch, result });
    } finally {
      await store.releaseLease(lease);
    }
  }

  #batch(scope: Scope, key: CellKey, execCallId: string, hostContext: unknown): DurableToolBatch {
    const bindings = this.#options.registry.plan(scope).bindings;
    return new DurableToolBatch({
      runtime: this.#options.runtime,
      scope,
      parent: { callId: execCallId, cellId: key.cell },
      canonicalOf: new Map(bindings.map((binding) => [binding.jsName, binding.canonicalName])),
      hostContext,
    });
  }

  #durable(key: CellKey): DurableRunOptions {
    return { keys: this.#options.keys, identity: { scope: key.scope, session: key.session, cell: key.cell }, ttlMs: this.#options.ttlMs ?? DAY_MS };
  }

  /** Store how a round ended: suspended (snapshot and approvals) or done (the final report). */
  async #settle(round: {
    key: CellKey;
    version: number;
    execCallId: string;
    calls: Record<string, StoredParkedCall>;
    approvals: readonly StoredApproval[];
    batch: DurableToolBatch;
    result: DurableProgramResult;
  }): Promise<DurableCellReport> {
    const { key, result, batch } = round;
    if (result.status !== 'suspended') {
      const report: DurableCellReport = {
        status: result.status,
        key,
        output: result.output,
        ...(result.returnValue === undefined ? {} : { returnValue: result.returnValue }),
        ...(result.error === undefined ? {} : { error: result.error }),
      };
      // A cell that never suspended has nothing in the store to finish.
      if (round.version > 0) {
        const state: DurableCellState = { execCallId: round.execCallId, calls: round.calls, report };
        await this.#options.store.writeCell({ key, status: 'done', expiresAt: Date.now() + (this.#options.ttlMs ?? DAY_MS), approvals: [], state: state as unknown as JsonValue, snapshot: undefined }, round.version);
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
    const state: DurableCellState = { execCallId: round.execCallId, calls, output: result.output };
    await this.#options.store.writeCell({ key, status: 'suspended', expiresAt: result.expiresAt, approvals, state: state as unknown as JsonValue, snapshot: result.snapshot }, round.version);
    batch.releaseParked('the cell was suspended into the durable store; its approval is decided there');
    return suspendedReport(key, approvals, result.output);
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
