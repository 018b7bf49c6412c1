// The life of one call (docs/architecture.md): the transitions in order and the file that makes
// each; every change to a call's state is a named transition of CallRecord (call-record.ts).
//   submit       CallEngine.submit checks the request (validate-dispatch-request.ts); call-start
//   resolve      CallEngine.admit asks the registry and queues the call in its lane (call-lane.ts),
//                a refusal (refusal.ts) alone; its turn calls CallEngine.start, which runs the pipeline
//   validate     runPipeline (call-pipeline.ts) checks the arguments (check-arguments.ts); each
//                stage below reports call-stage (call-events.ts)
//   pre-execute  runPipeline: hooks observe, rewrite or deny (policy-call-view.ts)
//   guard        runPipeline: permission checks
//   approval     approvalNeeded (needs-approval.ts), then askApproval (ask-approval.ts); the registry
//                is asked again (CallEngine.stillCallable). A deferred approval parks the call
//                (CallEngine.park: its slot freed) until CallEngine.decide queues it again; a
//                request's recorded `decision` skips the pre-execute hooks and the handler
//   execute      runPipeline calls the tool with its CallContext (call-context.ts)
//   post-execute runPipeline: hooks keep or replace the output
//   budget       applyOutputBudget (output-budget.ts); runPipeline returns its PipelineOutcome
//   end          CallEngine.conclude → CallEngine.finish, the one place a call ends: finalize,
//                call-denied, call-end (call-events.ts), the outcome settled, the lane released
// A timeout (call-record.ts) or a cancellation ends a call through CallEngine.abort at any stage.
import type { CallOutcome, CallSource, ToolErrorCode } from '@toolcell/core';
import { MODEL_SOURCE, ToolcellError, errorMessage, errorOutcome, findJsonSafetyViolation } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import { EventEmitter } from 'eventemitter3';
import type { ApprovalHandler, FinalApprovalDecision } from './approval-handler.js';
import { notApproved } from './ask-approval.js';
import type { ListenerErrorReporter } from './call-events.js';
import { CallEvents } from './call-events.js';
import type { PipelineOutcome } from './call-pipeline.js';
import type { PipelineHost, PipelineSettings } from './pipeline-host.js';
import { runPipeline } from './call-pipeline.js';
import { CallLane } from './call-lane.js';
import type { Admission, CallerAbortHandler } from './call-record.js';
import { CallRecord } from './call-record.js';
import { CallerSignals } from './caller-signals.js';
import { CancelledCalls } from './cancelled-calls.js';
import type { DispatchRequest } from './dispatch-request.js';
import { findDispatchRequestProblem } from './validate-dispatch-request.js';
import type { Guard, PostExecuteListener, PreExecuteListener } from './policy-call.js';
import type { Refusal } from './refusal.js';
import { abortedBeforeDispatch, notSerializable, refusalFor, refusalOutcome } from './refusal.js';
import type { ToolRuntimeEvents } from './runtime-events.js';
import { timeoutMessage } from './timeout-message.js';

/** Settings the engine runs with (validated by `ToolRuntime`). */
export interface EngineSettings extends PipelineSettings {
  readonly registry: ToolRegistry;
  readonly approval: ApprovalHandler | undefined;
  readonly maxParallel: number;
  readonly onListenerError: ListenerErrorReporter | undefined;
}

/** Cancelled call ids remembered so a late nested call is refused; oldest forgotten first. */
const REMEMBERED_CANCELLATIONS = 1024;

/** The executor's machinery behind the `ToolRuntime` facade: resolve, schedule, end calls. */
export class CallEngine implements CallerAbortHandler, PipelineHost<CallRecord> {
  readonly events = new EventEmitter<ToolRuntimeEvents>();
  readonly callEvents: CallEvents;
  // Copy-on-write: a listener added or removed mid-call does not disturb running loops.
  preExecute: readonly PreExecuteListener[] = [];
  postExecute: readonly PostExecuteListener[] = [];
  guards: readonly Guard[] = [];
  private readonly active = new Map<string, CallRecord>();
  private readonly nestedLanes = new Map<string, CallLane<CallRecord>>();
  private readonly cancelled = new CancelledCalls(REMEMBERED_CANCELLATIONS);
  private readonly callerSignals = new CallerSignals();
  private readonly startCall = (record: CallRecord): void => this.start(record);
  private readonly rootLane: CallLane<CallRecord>;
  /** Parked calls (their approval deferred) and how each one's pipeline goes on. */
  private readonly parked = new Map<CallRecord, (refusal: Refusal | undefined) => void>();

  constructor(readonly settings: EngineSettings) {
    this.rootLane = new CallLane(settings.maxParallel, this.startCall);
    this.callEvents = new CallEvents(this.events, settings.onListenerError);
  }

  /**
   * Submit one call. Never throws: whatever fails while the call is admitted (a hostile
   * argument, a throwing registry or signal) ends this call alone, with `call-end`.
   */
  submit(request: DispatchRequest): Promise<CallOutcome> {
    let problem: string | undefined;
    try {
      problem = findDispatchRequestProblem(request);
    } catch {
      problem = undefined; // a throwing getter: the guarded admission below reports it
    }
    if (problem !== undefined) return Promise.resolve(malformedRequest(request, problem));
    let record: CallRecord;
    try {
      const { parent, scope, name } = request;
      const source: CallSource = parent === undefined ? (request.source ?? MODEL_SOURCE) : { type: 'code_mode', cellId: parent.cellId, parentCallId: parent.callId };
      const identity = {
        callId: request.callId,
        name,
        source,
        scope,
        parentCallId: parent?.callId,
        callerSignal: request.signal,
        hostContext: request.hostContext,
        decision: request.decision,
        onDeferred: request.onDeferred,
      };
      // Timings are measured only when someone listens to `call-end`.
      record = new CallRecord(identity, this, this.events.listenerCount('call-end') > 0);
    } catch (error) {
      // Not even a call record: nothing was announced, so nothing has to end.
      const callId = typeof request?.callId === 'string' ? request.callId : '';
      const toolName = typeof request?.name === 'string' ? request.name : '';
      return Promise.resolve(errorOutcome({ callId, toolName, code: 'EXECUTION_FAILED', message: `The executor could not accept the call: ${errorMessage(error)}` }));
    }
    this.callEvents.start(record);
    try {
      this.admit(record, request);
    } catch (error) {
      record.failedAdmission();
      this.finish(record, refusalOutcome(record, { code: 'EXECUTION_FAILED', message: `The executor could not start the call of "${record.toolName}": ${errorMessage(error)}` }));
    }
    return record.promise;
  }

  /** Resolve, check and queue a submitted call (or end it at once). */
  private admit(record: CallRecord, request: DispatchRequest): void {
    const { parent, scope, name } = request;
    // The registry is the single source of truth, asked at every dispatch.
    const resolution = this.settings.registry.resolveForExecution(name, scope, { nested: parent !== undefined });
    record.resolved(resolution, request.args);
    if (request.signal?.aborted === true || (parent !== undefined && this.cancelled.has(parent.callId))) {
      // The visible tool's finalizer still runs (the cancellation contract).
      record.cancelledOnArrival();
      this.callEvents.resolve(record, resolution.type);
      this.finish(record, refusalOutcome(record, abortedBeforeDispatch(name)));
      return;
    }
    const violation = findJsonSafetyViolation(request.args);
    // Fail closed: a refused call is scheduled alone and never reaches hooks, guards or approval.
    const admission: Admission =
      violation !== undefined
        ? { type: 'refuse', refusal: notSerializable(name, violation) }
        : resolution.type === 'callable'
          ? { type: 'run', tool: resolution.tool }
          : { type: 'refuse', refusal: refusalFor(resolution, name, scope) };
    const lane = this.laneFor(parent?.callId);
    record.admit(admission, lane);
    this.callEvents.resolve(record, resolution.type);
    if (request.signal !== undefined) this.callerSignals.add(request.signal, record);
    this.active.set(record.callId, record);
    lane.submit(record);
  }

  /** Cancel a running or queued call and every call nested under it. */
  cancel(callId: string, reason: string | undefined): boolean {
    const record = this.active.get(callId);
    const detail = reason === undefined ? '' : ` (${reason})`;
    if (record !== undefined) {
      this.abort(record, 'ABORTED', this.cancelMessage(record, `The call was cancelled${detail}`));
      return true;
    }
    // The parent may have ended already (a cell outliving its `exec` call): end its calls.
    this.cancelled.add(callId);
    const lane = this.nestedLanes.get(callId);
    if (lane === undefined) return false;
    this.cascade(callId);
    return true;
  }

  callerAborted(record: CallRecord): void {
    this.abort(record, 'ABORTED', this.cancelMessage(record, 'The call was cancelled by its caller'));
  }

  /** The call's timeout, or its approval wait's, ran out: end it `TIMEOUT`, naming the stage. */
  timedOut(record: CallRecord): void {
    if (record.state === 'done') return;
    const stage = record.stage;
    const { defaultTimeoutMs, approvalTimeoutMs } = this.settings;
    if (stage !== 'execute') this.callEvents.stage(record, stage, 'timeout', stage === 'approval' ? approvalTimeoutMs : undefined);
    this.abort(record, 'TIMEOUT', timeoutMessage(record.toolName, stage, record.tool?.timeoutMs ?? defaultTimeoutMs, approvalTimeoutMs));
  }

  /**
   * Asked again after an approval: the registry may have changed while a person decided.
   * A tool that was unregistered, hidden or replaced meanwhile does not run.
   */
  stillCallable(record: CallRecord): Refusal | undefined {
    const resolution = this.settings.registry.resolveForExecution(record.name, record.scope, { nested: record.parentCallId !== undefined });
    if (resolution.type !== 'callable') return refusalFor(resolution, record.name, record.scope);
    if (resolution.tool === record.tool) return undefined;
    return {
      code: 'NOT_CALLABLE',
      message: `"${record.name}" was replaced by another definition while its approval was pending, so the approved call was not run. Call it again.`,
    };
  }

  /** The approval was deferred: free the call's slot and wait for `decide` (or the call's end). */
  park(record: CallRecord): Promise<Refusal | undefined> {
    if (record.state !== 'running') return Promise.resolve(undefined);
    record.park();
    const parked = new Promise<Refusal | undefined>((resolve) => this.parked.set(record, resolve));
    record.lane?.park(record);
    const onDeferred = record.onDeferred;
    if (onDeferred !== undefined) {
      try {
        onDeferred({ callId: record.callId, toolName: record.toolName, args: record.args });
      } catch (error) {
        this.callEvents.reportListenerError(error, { event: 'deferred', callId: record.callId });
      }
    }
    return parked;
  }

  /**
   * Decide a parked call: `deny` ends it `DENIED`; `approve` queues it again in its lane and
   * its pipeline goes on when its turn comes. `false` when no call with that id is parked.
   */
  decide(callId: string, decision: FinalApprovalDecision): boolean {
    const record = this.active.get(callId);
    const resume = record === undefined ? undefined : this.parked.get(record);
    if (record === undefined || resume === undefined) return false;
    this.parked.delete(record);
    if (decision.type === 'deny') {
      resume(notApproved(record.toolName, decision.reason));
      return true;
    }
    record.unpark(() => {
      record.approvalDecided();
      resume(undefined);
    });
    const lane = record.lane;
    if (lane === undefined || lane.isHalted) {
      this.abort(record, 'ABORTED', this.cancelMessage(record, 'The call was cancelled'));
      return true;
    }
    lane.submit(record);
    return true;
  }

  /** End a call once: free its slot, run the finalizer, emit, resolve. Later calls are no-ops. */
  finish(record: CallRecord, outcome: CallOutcome): void {
    const ended = record.end();
    if (ended === undefined) return;
    if (record.callerSignal !== undefined) this.callerSignals.remove(record.callerSignal, record);
    const parked = this.parked.get(record);
    if (parked !== undefined) {
      // Its pipeline ends at once (the call is done); nothing runs.
      this.parked.delete(record);
      parked(undefined);
    }
    if (this.active.get(record.callId) === record) this.active.delete(record.callId);
    const finalize = record.finalizeTool?.finalize;
    if (finalize !== undefined) {
      const code = outcome.status === 'error' ? outcome.code : undefined;
      try {
        finalize.call(record.finalizeTool, code === undefined ? { callId: record.callId, status: outcome.status } : { callId: record.callId, status: outcome.status, code });
      } catch (error) {
        this.callEvents.reportListenerError(error, { event: 'finalize', callId: record.callId });
      }
    }
    if (outcome.status === 'error' && record.deniedAt !== undefined) this.callEvents.denied(record, record.deniedAt, outcome.code, outcome.message);
    this.callEvents.end(record, outcome);
    record.settle(outcome);
    // Released last, so the next call's events follow this call's `call-end`.
    const lane = record.lane;
    if (lane !== undefined) {
      lane.release(record, ended.wasRunning);
      // A running parent keeps its empty lane for its next nested call (a program's calls
      // one after another); once the parent has ended, an empty lane goes at once.
      const parentCallId = record.parentCallId;
      if (lane !== this.rootLane && parentCallId !== undefined && lane.members.size === 0 && !this.active.has(parentCallId)) this.dropLane(parentCallId, lane);
    }
    const ownLane = this.nestedLanes.get(record.callId);
    if (ownLane !== undefined && ownLane.members.size === 0) this.dropLane(record.callId, ownLane);
  }

  private dropLane(parentCallId: string, lane: CallLane<CallRecord>): void {
    if (this.nestedLanes.get(parentCallId) === lane) this.nestedLanes.delete(parentCallId);
  }

  private abort(record: CallRecord, code: Extract<ToolErrorCode, 'ABORTED' | 'TIMEOUT'>, message: string): void {
    if (record.state === 'done') return;
    // Remembered before the signal fires: a listener that issues a nested call right
    // away must find the parent already cancelled.
    this.cancelled.add(record.callId);
    record.abort(new ToolcellError({ code, message, toolName: record.toolName, callId: record.callId }));
    this.cascade(record.callId);
    this.finish(record, errorOutcome({ callId: record.callId, toolName: record.toolName, code, message }));
  }

  private cascade(parentCallId: string): void {
    this.cancelled.add(parentCallId);
    const lane = this.nestedLanes.get(parentCallId);
    if (lane === undefined) return;
    lane.halt();
    for (const child of [...lane.members]) {
      this.abort(child, 'ABORTED', this.cancelMessage(child, `The call was cancelled because its parent call "${parentCallId}" was cancelled`));
    }
  }

  private cancelMessage(record: CallRecord, cause: string): string {
    if (record.state === 'queued') return `${cause} while it waited for its turn; it did not run.`;
    if (record.state === 'parked') return `${cause} while its approval was deferred; it did not run.`;
    if (!record.executing) return `${cause} before "${record.toolName}" started; it did not run.`;
    return `${cause} while "${record.toolName}" was running; it may have partly completed.`;
  }

  private laneFor(parentCallId: string | undefined): CallLane<CallRecord> {
    if (parentCallId === undefined) return this.rootLane;
    let lane = this.nestedLanes.get(parentCallId);
    // A halted lane belongs to a cancelled parent: never reused (its calls would not start).
    if (lane === undefined || lane.isHalted) {
      lane = new CallLane(this.settings.maxParallel, this.startCall);
      this.nestedLanes.set(parentCallId, lane);
    }
    return lane;
  }

  /** The lane gave the call its turn: run its pipeline (or its refusal from submit). */
  private start(record: CallRecord): void {
    // A parked call that was approved: its pipeline goes on from the approval.
    const continuation = record.takeContinuation();
    if (continuation !== undefined) {
      continuation();
      return;
    }
    const admission = record.admission;
    if (admission.type === 'refuse') {
      this.finish(record, refusalOutcome(record, admission.refusal));
      return;
    }
    // Synchronous when every stage answered at once: the call ends before the next starts.
    // Otherwise `then`, not an async method: one promise less per call (measured, bench/).
    const ran = runPipeline(this, record, admission.tool);
    if (ran instanceof Promise) void ran.then((outcome) => this.conclude(record, outcome));
    else this.conclude(record, ran);
  }

  /** End a call the way its pipeline says (a no-op for a call that ended meanwhile). */
  private conclude(record: CallRecord, ran: PipelineOutcome): void {
    if (ran.type === 'ended' || record.state === 'done') return;
    if (ran.type === 'outcome') {
      this.finish(record, ran.outcome);
      return;
    }
    record.deny(ran.stage);
    this.finish(record, refusalOutcome(record, ran.refusal));
  }
}

/** The outcome of a request whose shape is wrong (from plain JavaScript): nothing is announced. */
function malformedRequest(request: unknown, problem: string): CallOutcome {
  // The validator read these fields already without a throw.
  const fields = typeof request === 'object' && request !== null ? (request as Record<string, unknown>) : {};
  const callId = typeof fields['callId'] === 'string' ? fields['callId'] : '';
  const toolName = typeof fields['name'] === 'string' ? fields['name'] : '';
  return errorOutcome({ callId, toolName, code: 'INVALID_ARGS', message: `Invalid dispatch request: ${problem}` });
}
