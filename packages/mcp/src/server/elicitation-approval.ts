import type { ApprovalDecision, ApprovalHandler, ApprovalRequest } from '@toolcell/executor';

/** Asks the MCP client's user about one call (an elicitation on the client's session). */
export type ElicitApproval = (request: ApprovalRequest) => Promise<ApprovalDecision>;

/** Options of {@link ElicitationApproval}. */
export interface ElicitationApprovalOptions {
  /**
   * Decides when the client cannot be asked (it does not support elicitation, or the
   * call did not come through the MCP server). Without one, such calls are denied.
   */
  readonly fallback?: ApprovalHandler;
}

/**
 * The approval handler of a runtime served over MCP: a call that needs approval —
 * the client's own or one nested in its `exec` program — is put to the client's user as
 * an MCP elicitation on the session that started it; the fallback policy decides when
 * that client cannot elicit. Build the `ToolRuntime` with it and pass the same object to
 * `createCodeModeMcpServer`.
 */
export class ElicitationApproval implements ApprovalHandler {
  private readonly channels = new Map<string, ElicitApproval>();

  constructor(private readonly options: ElicitationApprovalOptions = {}) {}

  ask(request: ApprovalRequest): ApprovalDecision | Promise<ApprovalDecision> {
    const channel = this.channels.get(request.parentCallId ?? request.callId);
    if (channel) return channel(request);
    if (this.options.fallback) return this.options.fallback.ask(request);
    return { type: 'deny', reason: 'the MCP client cannot be asked (no elicitation support) and no fallback policy is configured.' };
  }

  /** Route approvals of `callId` and its nested calls to `channel` until the remover runs. */
  open(callId: string, channel: ElicitApproval): () => void {
    this.channels.set(callId, channel);
    return () => {
      this.channels.delete(callId);
    };
  }
}
