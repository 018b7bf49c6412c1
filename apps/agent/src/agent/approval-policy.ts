import type { ApprovalDecision, ApprovalHandler, ApprovalRequest } from '@toolcell/executor';
import type { ApprovePolicy } from '../config/toolcell-config.js';
import type { TranscriptSink } from './transcript-event.js';

/** Asks the person about one call; resolves to whether they allow it. */
export type ApprovalPrompt = (request: ApprovalRequest) => Promise<boolean>;

/** Options of {@link createApprovalHandler}. */
export interface ApprovalPolicyOptions {
  /** Policy for tools not listed in `perTool`. */
  readonly policy: ApprovePolicy;
  readonly perTool: Readonly<Record<string, ApprovePolicy>>;
  /** The terminal prompt, or `undefined` when there is no terminal to ask on. */
  readonly prompt: ApprovalPrompt | undefined;
  /**
   * Why a call is denied under `ask` with no prompt, and what to do (default: there is no
   * terminal; rerun with --approve all). `toolcell mcp-server` says what its client's user can do.
   */
  readonly noPromptReason?: (toolName: string) => string;
  readonly transcript: TranscriptSink;
}

/**
 * The approval handler of the agent: `all` approves, `none` denies, `ask` prompts on a
 * terminal and denies with a clear message where there is none. Prompts are asked one at
 * a time, in the order calls reach approval.
 */
export function createApprovalHandler(options: ApprovalPolicyOptions): ApprovalHandler {
  let queue: Promise<unknown> = Promise.resolve();
  const decide = async (request: ApprovalRequest): Promise<{ approved: boolean; reason: string }> => {
    const policy = options.perTool[request.toolName] ?? options.policy;
    if (policy === 'all') return { approved: true, reason: 'approve: all' };
    if (policy === 'none') return { approved: false, reason: `approvals are set to none, so ${request.toolName} may not run` };
    const prompt = options.prompt;
    if (!prompt) {
      return { approved: false, reason: options.noPromptReason?.(request.toolName) ?? `${request.toolName} needs approval and there is no terminal to ask on; rerun with --approve all to allow it` };
    }
    const answer = queue.then(() => prompt(request));
    queue = answer.catch(() => undefined);
    return (await answer) ? { approved: true, reason: 'approved at the terminal' } : { approved: false, reason: 'the person declined at the terminal' };
  };
  return {
    async ask(request): Promise<ApprovalDecision> {
      const { approved, reason } = await decide(request);
      options.transcript({ type: 'approval', callId: request.callId, name: request.toolName, nested: request.nested, decision: approved ? 'approved' : 'denied', reason });
      return approved ? { type: 'approve' } : { type: 'deny', reason };
    },
  };
}
