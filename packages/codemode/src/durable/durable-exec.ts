// Framework-neutral: the AI SDK and Agents SDK adapters both make exec's nested approvals
// their framework's own approval round trip through it.
import type { ToolOutput } from '@toolcell/core';
import { ConfigurationError } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import type { SandboxTransport, SealKeys } from '@toolcell/sandbox';
import { isDurableTransport } from './is-durable-transport.js';
import type { ExecReport, ExecResult } from '../exec-report.js';
import { renderExecReport } from '../exec-report.js';
import type { DurableApprovalView, DurableCellReport } from './durable-cell-report.js';
import type { DurableCellsOptions } from './durable-cells.js';
import { DurableCells } from './durable-cells.js';
import type { DurableCellsRuntime } from './durable-tool-batch.js';

/** What makes `exec`'s nested approvals the framework's own approval round trip (see the README). */
export interface DurableExecOptions {
  /** Where suspended programs and their approvals live, the same in every process: `new FileDurableStore({ directory })` from `@toolcell/durable-store/files`. */
  readonly store: DurableCellsOptions['store'];
  /** The keys that seal program snapshots: secret, at least 32 bytes, the same in every process that resumes. */
  readonly keys: SealKeys;
  /** The store session this app's programs are kept under (default `"exec"`); a program's cell is named by its `exec` tool-call id. */
  readonly session?: string;
  /** How long a suspended program and its approvals live, in ms (default 24 hours). */
  readonly ttlMs?: number;
}

/** A nested call a suspended program waits on: what a person is shown before answering the `exec` approval. */
export type NestedApproval = DurableApprovalView;

/** A decision on one nested call, recorded before the `exec` approval is answered (the first decision recorded stands). */
export type NestedDecision = { readonly type: 'approve' } | { readonly type: 'deny'; readonly reason?: string };

// Tokens are never more than UTF-8 bytes, so counting bytes cuts no later than the budget.
const RENDER = { maxOutputTokens: 10_000, countTokens: (text: string) => new TextEncoder().encode(text).length };

/**
 * `exec`'s programs as durable cells, named by the framework's tool-call id: a program runs
 * once, while the framework asks whether its call needs approval; one that parked at nested
 * calls needing a person is suspended into the store, and continues, from its snapshot, in
 * whichever process later runs the approved call.
 */
export class DurableExec {
  readonly #cells: DurableCells;
  readonly #store: DurableCellsOptions['store'];
  readonly #session: string;
  readonly #scope: string;
  /** Programs that ended while their approval was decided, until `execute` of the same step takes them. */
  readonly #ended = new Map<string, { report: DurableCellReport; wallMs: number }>();

  constructor(options: { readonly registry: ToolRegistry; readonly runtime: DurableCellsRuntime; readonly transport: SandboxTransport; readonly durable: DurableExecOptions }) {
    const { registry, runtime, transport, durable } = options;
    if (!isDurableTransport(transport)) {
      throw new ConfigurationError({ setting: 'durable', message: 'needs a transport that runs durable programs (createInProcessTransport, createChildProcessTransport or createWorkerTransport); this one has no runDurable.' });
    }
    this.#store = durable.store;
    this.#session = durable.session ?? 'exec';
    this.#scope = registry.root.id;
    this.#cells = new DurableCells({ registry, runtime, transport, store: durable.store, keys: durable.keys, ...(durable.ttlMs === undefined ? {} : { ttlMs: durable.ttlMs }) });
  }

  /**
   * Whether `exec`'s call needs the framework's approval: its program runs the first time
   * this is asked (once per call id; asked again, the stored answer stands), and it does
   * when the program is suspended at nested calls a person decides.
   */
  async parks(callId: string, code: string, hostContext: unknown): Promise<boolean> {
    if (this.#ended.has(callId)) return false;
    const stored = await this.#store.readCell(this.#key(callId));
    if (stored !== undefined) return stored.status === 'suspended';
    const started = Date.now();
    const report = await this.#cells.start({ code, session: this.#session, callId, cellId: callId, hostContext });
    if (report.status === 'suspended') return true;
    this.#ended.set(callId, { report, wallMs: Date.now() - started });
    return false;
  }

  /** Whether a cell waits for nested calls nobody decided yet (`wait`'s approval). */
  async waitsForPerson(cellId: string): Promise<boolean> {
    return (await this.#store.readCell(this.#key(cellId)))?.status === 'suspended' && (await this.pending(cellId)).length > 0;
  }

  /**
   * `exec`'s execute: the program's answer — ended already, or resumed now that the call
   * was approved. `approved` says a person (the framework's round trip) approved this call;
   * only then are the nested calls nobody decided approved with it.
   */
  async run(callId: string, code: string, hostContext: unknown, approved: boolean): Promise<ToolOutput<ExecResult>> {
    const ended = this.#ended.get(callId);
    if (ended !== undefined) {
      this.#ended.delete(callId);
      return execOutputOf(ended.report, ended.wallMs);
    }
    if ((await this.#store.readCell(this.#key(callId))) !== undefined) return this.continue(callId, hostContext, approved);
    // Run without asking exec's approval (the app's own policy decided it): run it now; if it parks, `wait` asks.
    const started = Date.now();
    const report = await this.#cells.start({ code, session: this.#session, callId, cellId: callId, hostContext });
    return execOutputOf(report, Date.now() - started);
  }

  /**
   * Resume a cell: when a person `approved` the call that continues it, every nested call
   * nobody decided yet is approved first (a decision recorded with {@link decide} stands);
   * otherwise only recorded decisions apply, and the rest stay parked. A cell that ended
   * answers its final report again.
   */
  async continue(cellId: string, hostContext: unknown, approved: boolean): Promise<ToolOutput<ExecResult>> {
    const started = Date.now();
    for (const approval of approved ? await this.pending(cellId) : []) await this.#cells.decide(approval.approvalId, { type: 'approve' });
    const report = await this.#cells.resume(this.#key(cellId), { hostContext });
    return execOutputOf(report, Date.now() - started);
  }

  /** The nested calls a suspended program waits on that nobody decided yet. */
  async pending(cellId: string): Promise<NestedApproval[]> {
    return (await this.#cells.pending({ session: this.#session, scope: this.#scope })).filter((approval) => approval.cellId === cellId);
  }

  /** Record a decision on one nested call; the first one recorded stands. */
  async decide(approvalId: string, decision: NestedDecision): Promise<void> {
    await this.#cells.decide(approvalId, decision);
  }

  #key(cellId: string) {
    return { scope: this.#scope, session: this.#session, cell: cellId };
  }
}

/** A durable round's report as `exec` answers it: a suspended program reads as running, waiting for approvals. */
export function execOutputOf(report: DurableCellReport, wallMs: number): ToolOutput<ExecResult> {
  const base = { cellId: report.key.cell, wallMs, output: report.output };
  if (report.status === 'suspended') {
    const calls = report.pendingApprovals.map((approval) => `${approval.toolName}(${approval.args.replaceAll('\n', ', ')})`).join('; ');
    const note = `The program waits for a person to approve: ${calls}. Call wait with cell_id "${report.key.cell}" to go on; the person is asked then.`;
    return renderExecReport({ ...base, status: 'running', notes: [note] }, RENDER);
  }
  const execReport: ExecReport = {
    ...base,
    status: report.status,
    ...(report.returnValue === undefined ? {} : { returnValue: report.returnValue }),
    ...(report.error === undefined ? {} : { error: { code: report.error.code, message: report.error.message } }),
  };
  return renderExecReport(execReport, RENDER);
}
