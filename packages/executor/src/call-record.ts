import type { CallOutcome, CallSource, ToolcellError, ToolDefinition } from '@toolcell/core';
import type { Scope } from '@toolcell/registry';
import type { CallLane } from './call-lane.js';
import type { DenialStage } from './runtime-events.js';
import type { Refusal } from './refusal.js';

/** Where a call is in its life: waiting for its turn, in the pipeline, or ended. */
export type CallState = 'queued' | 'running' | 'done';

/** What a record tells its owner when the caller's signal aborts. */
export interface CallerAbortHandler {
  callerAborted(record: CallRecord): void;
}

/**
 * The executor's private state of one call. Tools never see it (they get a
 * {@link CallContext}); listeners get plain snapshots.
 */
export class CallRecord {
  state: CallState = 'queued';
  /** The resolved tool, when the call may run. */
  tool: ToolDefinition | undefined;
  /** The tool whose `finalize` runs when the call ends (the resolved or visible tool). */
  finalizeTool: ToolDefinition | undefined;
  jsName: string | undefined;
  args: unknown;
  /** Read-only tools share the lane; everything else, refusals included, runs alone. */
  exclusive = true;
  /** The lane the call was queued in (none for a call that ended at submission). */
  lane: CallLane | undefined;
  /** Decided at resolve, delivered when the call's turn comes (fail closed: exclusive). */
  refusal: Refusal | undefined;
  /** The stage that refused the call, for `call-denied`. */
  deniedAt: DenialStage | undefined;
  /** Whether the tool's `execute` has been entered. */
  executing = false;
  /** Set when the call was cancelled or timed out. */
  abortReason: ToolcellError | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether timings are measured (someone listens to `call-end`). */
  timed = false;
  submittedAt = 0;
  runningAt = 0;
  executeStartedAt = 0;
  executeEndedAt = 0;
  readonly promise: Promise<CallOutcome>;
  resolve!: (outcome: CallOutcome) => void;
  private controller: AbortController | undefined;

  constructor(
    readonly callId: string,
    /** The name as asked. */
    readonly name: string,
    readonly source: CallSource,
    readonly scope: Scope,
    /** The parent call id of a nested call; it names the lane the call runs in. */
    readonly parentCallId: string | undefined,
    readonly callerSignal: AbortSignal | undefined,
    private readonly owner: CallerAbortHandler,
  ) {
    this.promise = new Promise<CallOutcome>((resolve) => {
      this.resolve = resolve;
    });
  }

  /** The canonical name once resolved, else the name as asked. */
  get toolName(): string {
    return this.tool?.name ?? this.name;
  }

  /**
   * The signal the tool and the approval handler get. Created on first use: most tools
   * never read it, and an AbortSignal is the most expensive object of a call.
   */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.abortReason !== undefined) this.controller.abort(this.abortReason);
    }
    return this.controller.signal;
  }

  /** Mark the call aborted and abort its signal (if anyone holds it). */
  abort(reason: ToolcellError): void {
    this.abortReason = reason;
    this.controller?.abort(reason);
  }

  /** The caller's signal fired (told by the runtime's one listener on that signal). */
  handleEvent(): void {
    this.owner.callerAborted(this);
  }
}
