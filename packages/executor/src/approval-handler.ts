import type { PolicyCall } from './policy-call.js';

/** What the approval handler is asked about a tool that has `needsApproval`. */
export interface ApprovalRequest extends PolicyCall {
  /** For nested calls: the `exec` call whose program made this call. */
  readonly parentCallId: string | undefined;
  /** For nested calls: the cell the program runs in. */
  readonly cellId: string | undefined;
  /**
   * Aborted when the call is cancelled, or when no decision came within the runtime's
   * `approvalTimeoutMs` (the call then ends `TIMEOUT`): dismiss the prompt.
   */
  readonly signal: AbortSignal;
}

/** A decision on a call that is final: it runs, or it is refused. */
export type FinalApprovalDecision =
  | {
      /** Let the call run. */
      readonly type: 'approve';
    }
  | {
      /** Refuse the call. */
      readonly type: 'deny';
      /** Why, shown to the model (e.g. what the person said). */
      readonly reason?: string;
    };

/**
 * The answer to an approval request: approve, deny, or `defer` — decide later. A deferred
 * call is *parked*: it gives up its lane slot (other calls run meanwhile), its timeout
 * stops counting and `approvalTimeoutMs` does not bound it; it waits until
 * `ToolRuntime.decide` resolves it (or it is cancelled). A decision recorded elsewhere
 * (another process) is handed in with the request's `decision` instead.
 */
export type ApprovalDecision =
  | FinalApprovalDecision
  | {
      /** Decide later: the call is parked. */
      readonly type: 'defer';
    };

/**
 * Asks a person (or a policy) whether a call may run. Only calls that passed resolve,
 * validation, hooks and guards reach it; a refusal ends the call as `DENIED`.
 */
export interface ApprovalHandler {
  /**
   * Decide on one call; the call waits (and can be cancelled) while this is pending, for up
   * to the runtime's `approvalTimeoutMs` (ten minutes unless the host sets another, or
   * `Infinity`).
   */
  ask(request: ApprovalRequest): ApprovalDecision | Promise<ApprovalDecision>;
}
