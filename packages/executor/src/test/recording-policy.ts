import type { ApprovalDecision, ApprovalHandler, ApprovalRequest } from '../approval-handler.js';
import type { Guard, PolicyCall, PostExecuteCall, PostExecuteListener, PreExecuteListener } from '../policy-call.js';
import type { ToolRuntime } from '../tool-runtime.js';

/** How a {@link RecordingPolicy} answers after recording (default: observe and approve). */
export interface RecordingPolicyOptions {
  /** Decides for the pre-execute listener. */
  readonly preExecute?: PreExecuteListener;
  /** Decides for the guard. */
  readonly guard?: Guard;
  /** Decides for the approval handler (default: approve). */
  readonly approve?: (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;
  /** Decides for the post-execute listener. */
  readonly postExecute?: PostExecuteListener;
}

/**
 * A pre-execute listener, a guard, an approval handler and a post-execute listener that
 * record everything they see: for asserting which calls the extensible policy observed
 * (a call refused at resolve must leave every list empty).
 *
 * @example
 * ```ts
 * const policy = new RecordingPolicy();
 * const runtime = new ToolRuntime({ registry, approval: policy.approval });
 * policy.attach(runtime);
 * await runtime.dispatch(request);
 * policy.observationsOf(request.callId); // 0 when the call was refused at resolve
 * ```
 */
export class RecordingPolicy {
  /** Calls the pre-execute listener saw. */
  readonly preExecuteCalls: PolicyCall[] = [];
  /** Calls the guard saw. */
  readonly guardCalls: PolicyCall[] = [];
  /** Requests the approval handler was asked. */
  readonly approvalRequests: ApprovalRequest[] = [];
  /** Calls the post-execute listener saw. */
  readonly postExecuteCalls: PostExecuteCall[] = [];
  /** Pass as `ToolRuntimeOptions.approval`. */
  readonly approval: ApprovalHandler;

  constructor(private readonly options: RecordingPolicyOptions = {}) {
    this.approval = {
      ask: (request) => {
        this.approvalRequests.push(request);
        return this.options.approve?.(request) ?? { type: 'approve' };
      },
    };
  }

  /** Register the listeners and the guard on `runtime`. Returns a function that removes them. */
  attach(runtime: ToolRuntime): () => void {
    const removers = [
      runtime.onPreExecute((call) => {
        this.preExecuteCalls.push(call);
        return this.options.preExecute?.(call);
      }),
      runtime.addGuard((call) => {
        this.guardCalls.push(call);
        return this.options.guard?.(call);
      }),
      runtime.onPostExecute((call) => {
        this.postExecuteCalls.push(call);
        return this.options.postExecute?.(call);
      }),
    ];
    return () => removers.forEach((remove) => remove());
  }

  /** How many times any part of the policy saw the call `callId`. */
  observationsOf(callId: string): number {
    const lists = [this.preExecuteCalls, this.guardCalls, this.approvalRequests, this.postExecuteCalls];
    return lists.reduce((count, list) => count + list.filter((call) => call.callId === callId).length, 0);
  }

  /** Everything recorded so far. */
  get total(): number {
    return this.preExecuteCalls.length + this.guardCalls.length + this.approvalRequests.length + this.postExecuteCalls.length;
  }
}
