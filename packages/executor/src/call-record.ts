import type { CallOutcome, CallSource, ToolcellError, ToolDefinition } from '@toolcell/core';
import type { ExecutionResolution, Scope } from '@toolcell/registry';
import type { FinalApprovalDecision } from './approval-handler.js';
import type { CallLane, LaneEntry } from './call-lane.js';
import type { DeferredCall } from './dispatch-request.js';
import type { Refusal } from './refusal.js';
import type { DenialStage } from './runtime-events.js';

/**
 * Where a call is in its life: waiting for its turn, in the pipeline, parked (its approval
 * deferred: it holds no lane slot), or ended.
 */
export type CallState = 'queued' | 'running' | 'parked' | 'done';

/** The stage a running call is in, as far as its timeout is concerned (named in a `TIMEOUT` message). */
export type TimedStage = 'pre-execute' | 'guard' | 'approval' | 'execute' | 'post-execute';

/** Past 2^31 - 1 ms, setTimeout fires at once: such a timeout (or Infinity) means none. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a call does when its turn comes, decided once at submit. */
export type Admission = { readonly type: 'run'; readonly tool: ToolDefinition } | { readonly type: 'refuse'; readonly refusal: Refusal };

/** What a record tells its owner: its caller's signal aborted, or its timeout fired. */
export interface CallerAbortHandler {
  callerAborted(record: CallRecord): void;
  /** The call's timeout (or its approval wait's) fired during `record.stage`. */
  timedOut(record: CallRecord): void;
}

/** Who asked for the call, fixed at submit. */
export interface CallIdentity {
  readonly callId: string;
  /** The name as asked. */
  readonly name: string;
  readonly source: CallSource;
  readonly scope: Scope;
  /** The parent call id of a nested call; it names the lane the call runs in. */
  readonly parentCallId: string | undefined;
  readonly callerSignal: AbortSignal | undefined;
  /** What the host passed with the call (`DispatchRequest.hostContext`). */
  readonly hostContext?: unknown;
  /** A decision on the call's approval recorded earlier (`DispatchRequest.decision`). */
  readonly decision?: FinalApprovalDecision | undefined;
  /** Told when the call's approval is deferred (`DispatchRequest.onDeferred`). */
  readonly onDeferred?: ((call: DeferredCall) => void) | undefined;
}

/** When the call reached each step (`performance.now()`; 0 for a step it never reached). */
export interface CallTimings {
  readonly submittedAt: number;
  readonly runningAt: number;
  readonly executeStartedAt: number;
  readonly executeEndedAt: number;
}

/** What events, policy calls and the tool's context read of a call: nothing they can change. */
export interface CallView extends CallIdentity {
  readonly state: CallState;
  /** The canonical name once resolved, else the name as asked. */
  readonly toolName: string;
  /** The resolved tool, when the call may run. */
  readonly tool: ToolDefinition | undefined;
  readonly jsName: string | undefined;
  readonly args: unknown;
  /** Read-only tools share the lane; everything else, refusals included, runs alone. */
  readonly exclusive: boolean;
  /** Whether the tool's `execute` has been entered. */
  readonly executing: boolean;
  /** Measured only when someone listens to `call-end`. */
  readonly timings: CallTimings | undefined;
  /** The signal the tool, hooks, guards and the approval handler get. */
  readonly signal: AbortSignal;
  /** The stage the call is in (or was in when it ended), for a `TIMEOUT` message. */
  readonly stage: TimedStage;
}

interface MutableTimings {
  submittedAt: number;
  runningAt: number;
  executeStartedAt: number;
  executeEndedAt: number;
}

/**
 * The executor's private state of one call, and the one module that changes it: every
 * change is a named transition below. Collaborators get narrow views: the lane a
 * {@link LaneEntry}, events and policy a {@link CallView}, the tool a `CallContext`.
 */
export class CallRecord implements CallView, LaneEntry {
  readonly callId: string;
  readonly name: string;
  readonly source: CallSource;
  readonly scope: Scope;
  readonly parentCallId: string | undefined;
  readonly callerSignal: AbortSignal | undefined;
  readonly hostContext: unknown;
  readonly decision: FinalApprovalDecision | undefined;
  readonly onDeferred: ((call: DeferredCall) => void) | undefined;
  readonly promise: Promise<CallOutcome>;
  #state: CallState = 'queued';
  #resolution: ExecutionResolution | undefined;
  // Fail closed: a call that was never admitted (its submission failed) cannot run.
  #admission: Admission = NOT_ADMITTED;
  #args: unknown;
  #exclusive = true;
  #lane: CallLane<CallRecord> | undefined;
  #deniedAt: DenialStage | undefined;
  #finalizeVisibleTool = false;
  #executing = false;
  #abortReason: ToolcellError | undefined;
  /** The call's timeout timer, or the approval wait's while a person decides. */
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stage: TimedStage = 'pre-execute';
  /** The call's timeout: not started yet, counting, or paused for an approval. */
  #clock: 'idle' | 'running' | 'paused' = 'idle';
  /** Counting: when the timeout fires (`performance.now()`); paused: the milliseconds left. */
  #clockMark = 0;
  readonly #timings: MutableTimings | undefined;
  #controller: AbortController | undefined;
  /** Set while a parked call that was approved waits for its slot again: its pipeline goes on. */
  #continuation: (() => void) | undefined;
  #settle!: (outcome: CallOutcome) => void;
  readonly #owner: CallerAbortHandler;

  constructor(identity: CallIdentity, owner: CallerAbortHandler, timed: boolean) {
    this.callId = identity.callId;
    this.name = identity.name;
    this.source = identity.source;
    this.scope = identity.scope;
    this.parentCallId = identity.parentCallId;
    this.callerSignal = identity.callerSignal;
    this.hostContext = identity.hostContext;
    this.decision = identity.decision;
    this.onDeferred = identity.onDeferred;
    this.#owner = owner;
    this.#timings = timed ? { submittedAt: performance.now(), runningAt: 0, executeStartedAt: 0, executeEndedAt: 0 } : undefined;
    this.promise = new Promise<CallOutcome>((resolve) => {
      this.#settle = resolve;
    });
  }

  get state(): CallState {
    return this.#state;
  }

  /** What the registry said at submit (`undefined` if asking it failed). */
  get resolution(): ExecutionResolution | undefined {
    return this.#resolution;
  }

  /** What the call does when its turn comes (a refusal until it is admitted). */
  get admission(): Admission {
    return this.#admission;
  }

  get tool(): ToolDefinition | undefined {
    const resolution = this.#resolution;
    return resolution?.type === 'callable' ? resolution.tool : undefined;
  }

  get jsName(): string | undefined {
    const resolution = this.#resolution;
    return resolution?.type === 'callable' ? resolution.jsName : undefined;
  }

  get toolName(): string {
    return this.tool?.name ?? this.name;
  }

  get args(): unknown {
    return this.#args;
  }

  get exclusive(): boolean {
    return this.#exclusive;
  }

  get executing(): boolean {
    return this.#executing;
  }

  get timings(): CallTimings | undefined {
    return this.#timings;
  }

  get stage(): TimedStage {
    return this.#stage;
  }

  /** The lane the call was queued in (none for a call that ended at submission). */
  get lane(): CallLane<CallRecord> | undefined {
    return this.#lane;
  }

  /** The stage that refused the call, for `call-denied`. */
  get deniedAt(): DenialStage | undefined {
    return this.#deniedAt;
  }

  /** The tool whose `finalize` runs when the call ends: the resolved one, or the visible one of a call cancelled on arrival. */
  get finalizeTool(): ToolDefinition | undefined {
    const resolution = this.#resolution;
    if (resolution?.type === 'callable') return resolution.tool;
    return resolution?.type === 'collapsed' && this.#finalizeVisibleTool ? resolution.tool : undefined;
  }

  /**
   * Created on first use: most tools never read it, and an AbortSignal is the most
   * expensive object of a call.
   */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#abortReason !== undefined) this.#controller.abort(this.#abortReason);
    }
    return this.#controller.signal;
  }

  // Transitions, in the order a call goes through them.

  /** Submit: the registry's answer, set once, and the arguments as asked. */
  resolved(resolution: ExecutionResolution, args: unknown): void {
    if (this.#resolution !== undefined) throw new Error(`call ${this.callId} was resolved twice`);
    this.#resolution = resolution;
    this.#args = args;
    this.#exclusive = resolution.type !== 'callable' || resolution.tool.readOnly !== true;
  }

  /** Submit: the caller's signal (or the parent) was cancelled already; the visible tool's finalizer still runs. */
  cancelledOnArrival(): void {
    this.#finalizeVisibleTool = true;
  }

  /** Submit: what runs when the call's turn comes. A refusal runs alone (fail closed). */
  admit(admission: Admission, lane: CallLane<CallRecord>): void {
    this.#admission = admission;
    this.#lane = lane;
    if (admission.type === 'refuse') {
      this.#exclusive = true;
      this.#deniedAt = 'resolve';
    }
  }

  /** Submit failed half-way: whatever it held, the call now counts as exclusive. */
  failedAdmission(): void {
    this.#exclusive = true;
  }

  /** Still waiting for its turn (not ended meanwhile). */
  get waiting(): boolean {
    return this.#state === 'queued';
  }

  /** The lane gave the call its turn. */
  begin(): void {
    this.#state = 'running';
    if (this.#timings !== undefined) this.#timings.runningAt = performance.now();
  }

  /** A pre-execute hook rewrote the arguments (already checked). */
  rewriteArgs(args: unknown): void {
    this.#args = args;
  }

  /** A stage refused the call; `end` follows. */
  deny(stage: DenialStage): void {
    this.#deniedAt = stage;
  }

  /** The pipeline moved on to `stage` (pre-execute hooks come first). */
  enterStage(stage: TimedStage): void {
    this.#stage = stage;
  }

  /** The tool's `execute` is entered. */
  startExecuting(): void {
    this.#executing = true;
    this.#stage = 'execute';
    if (this.#timings !== undefined) this.#timings.executeStartedAt = performance.now();
  }

  /**
   * A hook, guard or `execute` handed back a promise: the call's timeout starts counting,
   * once; it is cleared when the call ends. A stage that returns at once needs no timer
   * (none could fire while it runs). Infinity, or anything past 2^31 - 1 ms, means none;
   * anything else, a malformed timeout included, arms the timer (fail closed).
   */
  startTimeout(timeoutMs: number): void {
    if (this.#clock !== 'idle' || this.#state === 'done') return;
    this.#clock = 'running';
    if (timeoutMs > MAX_TIMER_MS) return;
    this.#clockMark = performance.now() + timeoutMs;
    this.#timer = setTimeout(fireTimeout, timeoutMs, this);
  }

  /**
   * The approval handler handed back a promise: the call's timeout stops counting while a
   * person decides, and `approvalTimeoutMs` bounds the wait instead (Infinity: unbounded).
   */
  awaitApproval(approvalTimeoutMs: number): void {
    if (this.#state === 'done') return;
    this.#stage = 'approval';
    this.#pauseClock();
    if (!(approvalTimeoutMs > MAX_TIMER_MS)) this.#timer = setTimeout(fireTimeout, approvalTimeoutMs, this);
  }

  /** The approval handler decided (or failed): its wait ends, the call's timeout counts on. */
  approvalDecided(): void {
    if (this.#state === 'done') return;
    this.#clearTimer();
    if (this.#clock !== 'paused') return;
    this.#clock = 'running';
    const left = this.#clockMark;
    this.#clockMark = performance.now() + left;
    this.#timer = setTimeout(fireTimeout, left, this);
  }

  /**
   * The approval was deferred: the call gives up its slot (the engine releases it) and
   * waits for a decision. Its timeout stops counting and no approval wait bounds it.
   */
  park(): void {
    if (this.#state !== 'running') return;
    this.#state = 'parked';
    this.#stage = 'approval';
    this.#pauseClock();
  }

  /** Approved while parked: queued again; `continuation` runs when its turn comes. */
  unpark(continuation: () => void): void {
    if (this.#state !== 'parked') return;
    this.#state = 'queued';
    this.#continuation = continuation;
  }

  /** Whether the call's turn continues a parked pipeline (taken once). */
  takeContinuation(): (() => void) | undefined {
    const continuation = this.#continuation;
    this.#continuation = undefined;
    return continuation;
  }

  /** `execute` returned in time (its timeout still covers the post-execute hooks). */
  executeReturned(): void {
    if (this.#timings !== undefined) this.#timings.executeEndedAt = performance.now();
  }

  /** Cancelled or timed out: abort its signal (if anyone holds it). */
  abort(reason: ToolcellError): void {
    this.#abortReason = reason;
    this.#controller?.abort(reason);
  }

  /** End the call. Returns whether it was running, or `undefined` if it had ended already. */
  end(): { readonly wasRunning: boolean } | undefined {
    if (this.#state === 'done') return undefined;
    const wasRunning = this.#state === 'running';
    this.#state = 'done';
    this.#clearTimer();
    return wasRunning ? RAN : WAITED;
  }

  /** Hand the outcome to whoever awaits the call (after `end`). */
  settle(outcome: CallOutcome): void {
    this.#settle(outcome);
  }

  /** The caller's signal fired (told by the runtime's one listener on that signal). */
  handleEvent(): void {
    this.#owner.callerAborted(this);
  }

  /** The timer fired (`fireTimeout`). */
  timedOut(): void {
    this.#owner.timedOut(this);
  }

  /** The call's timeout stops counting, keeping the milliseconds left, if it was; no timer is left armed. */
  #pauseClock(): void {
    if (this.#clock === 'running' && this.#timer !== undefined) {
      this.#clock = 'paused';
      this.#clockMark = Math.max(0, this.#clockMark - performance.now());
    }
    this.#clearTimer();
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

// One function for every call's timer: setTimeout passes the record, so no closure per call.
const fireTimeout = (record: CallRecord): void => record.timedOut();
const NOT_ADMITTED: Admission = { type: 'refuse', refusal: { code: 'EXECUTION_FAILED', message: 'The executor did not admit the call.' } };
const RAN = { wasRunning: true } as const;
const WAITED = { wasRunning: false } as const;
