import type { CallOutcome, FreeformToolDeclaration, FreeformToolDefinition, FunctionToolDefinition, JsonValue } from '@toolcell/core';
import type { CallStageEvent } from '@toolcell/executor';
import type { Scope } from '@toolcell/registry';
import type { SandboxLimits } from '@toolcell/sandbox';
import { ConfigurationError, isWholeNumber, toDeclaration } from '@toolcell/core';
import { EventEmitter } from 'eventemitter3';
import type { CodeModeContext, ResolvedCells } from './code-mode-context.js';
import type { CodeModeEvents } from './code-mode-events.js';
import type { CellsOptions, CodeModeOptions } from './code-mode-options.js';
import type { CellReportDelivery, CellSummary } from './code-mode-events.js';
import type { CodeModeRuntime } from './code-mode-runtime.js';
import { CodeModeSessions } from './code-mode-sessions.js';
import { CodeModeDurable } from './durable/code-mode-durable.js';
import type { CodeModeDurableOptions } from './durable/code-mode-durable.js';
import type { DurableCells } from './durable/durable-cells.js';
import type { DurableCellsRuntime } from './durable/durable-tool-batch.js';
import { resumeStoredCell } from './durable/resume-stored-cell.js';
import { resolveCodeModeLimits } from './code-mode-limits.js';
import { renderExecAnswer } from './exec-report.js';
import { createExecTool } from './exec-tool.js';
import type { ProgramRun, RunProgramRequest } from './run-program.js';
import { execResultOf } from './run-program.js';
import { createWaitTool } from './wait-tool.js';
import { MAX_YIELD_TIME_MS } from './yield-time.js';
import { isDurableTransport } from './durable/is-durable-transport.js';

const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;
const DEFAULT_YIELD_TIME_MS = 10_000;
const DEFAULT_MAX_LIVE_CELLS = 16;

function positiveInteger(value: number | undefined, setting: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!isWholeNumber(value, 1)) {
    throw new ConfigurationError({ setting, message: `must be a positive integer; got ${String(value)}.` });
  }
  return value;
}

function atMost(value: number, maximum: number, setting: string): number {
  if (value > maximum) throw new ConfigurationError({ setting, message: `must be at most ${maximum}; got ${value}.` });
  return value;
}

/**
 * Code Mode for one agent session: the `exec` control tool (and, with cells, `wait`). A
 * program's `tools.<jsName>(…)` calls re-enter the same runtime with a parent token, so
 * every policy applies to them exactly as to a direct call; `exec` changes who initiates
 * a call, never who executes it.
 *
 * @example
 * {@includeCode ./codemode.examples.ts#CodeMode}
 */
export class CodeMode {
  /** Cell events: `cell-start`, `cell-yield`, `cell-end`, `cell-notify`. */
  readonly events = new EventEmitter<CodeModeEvents>();
  /** The `exec` tool (registered by {@link CodeMode.install}). */
  readonly execTool: FreeformToolDefinition;
  /** The `wait` tool, when cells are on. */
  readonly waitTool: FunctionToolDefinition | undefined;
  /**
   * With `durable`: the cells suspended into the store — list the approvals they wait for
   * (`pending({ session })`), record decisions (`decide`), resume a cell (`resume`), read
   * or end one (`read`, `terminate`). Works from any process with the same store and keys.
   * With `autoResume` (the default), a decision recorded here that completes a cell's batch
   * resumes the cell in this process; its report comes as a `cell-update`.
   */
  readonly durable: DurableCells | undefined;
  private readonly context: CodeModeContext;

  constructor(private readonly options: CodeModeOptions) {
    const cellsOption: CellsOptions | undefined = options.cells === true ? {} : options.cells === false ? undefined : options.cells;
    const cells: ResolvedCells | undefined = cellsOption && {
      defaultYieldTimeMs: atMost(positiveInteger(cellsOption.defaultYieldTimeMs, 'codeMode.cells.defaultYieldTimeMs', DEFAULT_YIELD_TIME_MS), MAX_YIELD_TIME_MS, 'codeMode.cells.defaultYieldTimeMs'),
      onUnobservedCall: cellsOption.onUnobservedCall,
      pushCompletion: cellsOption.pushCompletion === true,
    };
    // Checked now: a ConfigurationError here, never at the first exec or description.
    const limits = resolveCodeModeLimits(options);
    const durable = options.durable && durableOf(options.durable, options, { cells: cellsOption !== undefined, limits }, (key) => this.autoResume(key));
    this.durable = durable?.cells;
    this.context = {
      registry: options.registry,
      runtime: options.runtime,
      transport: options.transport,
      limits,
      maxOutputTokens: positiveInteger(options.maxOutputTokens, 'codeMode.maxOutputTokens', DEFAULT_MAX_OUTPUT_TOKENS),
      countTokens: options.countTokens,
      cells,
      sessions: new CodeModeSessions(
        options.sessionKey ?? ((scope) => scope.id),
        positiveInteger(cellsOption?.maxLiveCells, 'codeMode.cells.maxLiveCells', DEFAULT_MAX_LIVE_CELLS),
        durable !== undefined,
      ),
      events: this.events,
      durable,
    };
    options.runtime.events?.on('call-stage', this.onCallStage);
    options.registry.events.on('scope-drop', this.onScopeDrop);
    this.execTool = createExecTool(this.context);
    this.waitTool = cells ? createWaitTool(this.context, cells) : undefined;
  }

  /**
   * Register `exec` (and `wait`) in the registry. The registry declares them only in
   * scopes whose mode is a code mode. Returns a function that unregisters them.
   */
  install(): () => void {
    const { registry } = this.options;
    registry.register(this.execTool);
    if (this.waitTool) registry.register(this.waitTool);
    return () => {
      registry.unregister(this.execTool.name);
      if (this.waitTool) registry.unregister(this.waitTool.name);
    };
  }

  /**
   * `exec`'s wire declaration for a scope (default: the root), its description listing the
   * scope's bindings: what an agent framework declares to its model. The same whatever the
   * scope's mode, so a host that puts `exec` on the wire itself needs no code mode.
   */
  execDeclaration(scopeId = this.options.registry.root.id): FreeformToolDeclaration {
    const scope = this.options.registry.scope(scopeId);
    const description = this.execTool.describe?.({ scopeId: scope.id, mode: scope.mode }) ?? this.execTool.description;
    return toDeclaration(this.execTool, description) as FreeformToolDeclaration;
  }

  /**
   * Run a program as an `exec` call through the runtime (every policy applies, as to a
   * model's call) and read what it did as an {@link ExecResult}, without a cast.
   *
   * @example
   * {@includeCode ./codemode.examples.ts#runProgram}
   */
  async runProgram(request: RunProgramRequest): Promise<ProgramRun> {
    const call = {
      name: this.execTool.name,
      args: request.code,
      callId: request.callId,
      scope: request.scope ?? this.options.registry.root,
      ...(request.signal === undefined ? {} : { signal: request.signal }),
      ...(request.hostContext === undefined ? {} : { hostContext: request.hostContext }),
    };
    const [outcome] = this.options.runtime.dispatchBatch([call]);
    const settled = await (outcome as Promise<CallOutcome>);
    return { outcome: settled, result: execResultOf(settled) };
  }

  /** A committed stored value of a scope's session (default: the root scope's). */
  storedValue(key: string, scopeId = this.options.registry.root.id): JsonValue | undefined {
    return this.context.sessions.find(this.options.registry.scope(scopeId))?.values.get(key);
  }

  /** The live cells of a scope's session, oldest first (what `wait({ list: true })` shows the model). */
  listCells(scopeId: string): CellSummary[] {
    return this.context.sessions.find(this.options.registry.scope(scopeId))?.list() ?? [];
  }

  /**
   * Take what a cell has produced since the model's last observation, without waiting —
   * for a host that hands a `cell-update` to the model as a message (push completion).
   * Afterwards the next `wait` does not deliver it again; an ended cell is closed (a later
   * `wait` answers `missing`). `undefined` when the scope's session has no such cell, or a
   * `wait` is observing it right now (that `wait` delivers instead). The report is taken
   * at once; only its rendering may wait (for the tokenizer, the first time text needs counting).
   *
   * @example
   * {@includeCode ./codemode.examples.ts#pushCompletion}
   */
  async takeCellReport(request: { readonly scopeId: string; readonly cellId: string; readonly maxOutputTokens?: number }): Promise<CellReportDelivery | undefined> {
    const session = this.context.sessions.find(this.options.registry.scope(request.scopeId));
    const report = session?.get(request.cellId)?.take();
    if (!session || !report) return undefined;
    if (report.status !== 'running') session.close(request.cellId, report.status === 'terminated' ? 'terminated' : 'completed');
    const maxOutputTokens = request.maxOutputTokens ?? this.context.maxOutputTokens;
    return { report, output: await renderExecAnswer(report, maxOutputTokens, this.context.countTokens) };
  }

  /**
   * Terminate a scope's cells and forget its session and stored values (a subagent that is
   * done). `registry.dropScope` does this too, for the session the dropped scope's key names.
   */
  endSession(scopeId: string): Promise<void> {
    return this.context.sessions.end(this.options.registry.scope(scopeId));
  }

  /** Terminate every cell, CPU-bound ones included; later `exec` calls fail clearly. */
  shutdown(): Promise<void> {
    this.options.runtime.events?.off('call-stage', this.onCallStage);
    this.options.registry.events.off('scope-drop', this.onScopeDrop);
    return this.context.sessions.shutdown();
  }

  /** A decision completed a suspended cell's batch: go on with it here, unobserved (its report comes as a `cell-update`). */
  private autoResume(key: { readonly scope: string; readonly session: string; readonly cell: string }): void {
    if (this.context.sessions.isShuttingDown) return;
    let scope: Scope;
    try {
      scope = this.options.registry.scope(key.scope);
    } catch {
      return; // Not a scope of this process: a `wait` where it lives resumes the cell.
    }
    if (this.context.sessions.of(scope).key !== key.session) return;
    // A failure leaves the cell in the store, for a later `wait`.
    resumeStoredCell(this.context, scope, key.cell).catch(() => undefined);
  }

  /** A dropped scope's session ends with it (the catch only keeps a failed terminate from escaping as an unhandled rejection). */
  private readonly onScopeDrop = (scope: Scope): void => {
    this.context.sessions.end(scope).catch(() => undefined);
  };

  /** Approvals of nested calls: the cell that made the call learns it waits, and when it stops waiting. */
  private readonly onCallStage = (event: CallStageEvent): void => {
    if (event.source.type !== 'code_mode' || (event.stage !== 'approval-requested' && event.stage !== 'approval')) return;
    const cell = this.context.sessions.find(this.options.registry.scope(event.scopeId))?.get(event.source.cellId);
    if (!cell) return;
    if (event.stage === 'approval-requested') cell.approvalRequested({ callId: event.callId, toolName: event.toolName });
    else cell.callEnded(event.callId);
  };
}

/** The durable side of a `CodeMode`, its option checked: it needs cells, a durable transport and a runtime that cancels. */
function durableOf(durable: CodeModeDurableOptions, options: CodeModeOptions, resolved: { readonly cells: boolean; readonly limits: SandboxLimits }, onBatchDecided: (key: { readonly scope: string; readonly session: string; readonly cell: string }) => void): CodeModeDurable {
  if (!resolved.cells) throw new ConfigurationError({ setting: 'codeMode.durable', message: 'needs cells (`cells: true`): a suspended cell is a cell that `wait` resumes.' });
  const transport = options.transport;
  if (!isDurableTransport(transport)) {
    throw new ConfigurationError({ setting: 'codeMode.durable', message: 'needs a transport that runs durable programs (runDurable and resume: the in-process, child-process and worker transports).' });
  }
  const runtime = options.runtime as CodeModeRuntime & Partial<DurableCellsRuntime>;
  if (typeof runtime.cancel !== 'function') throw new ConfigurationError({ setting: 'codeMode.durable', message: 'needs a runtime with cancel (a ToolRuntime from @toolcell/executor).' });
  return new CodeModeDurable(durable, { registry: options.registry, runtime: runtime as DurableCellsRuntime, transport, limits: resolved.limits }, onBatchDecided);
}
