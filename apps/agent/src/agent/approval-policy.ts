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
  /**
   * Under `ask` with no prompt, defer calls from programs instead of denying them: their
   * program is suspended into the durable store and the approval is decided later
   * (`toolcell approvals`). Calls the model makes itself are still denied: nothing could
   * resume them.
   */
  readonly deferWithoutPrompt?: boolean;
  readonly transcript: TranscriptSink;
}

/**
 * The approval handler of the agent: `all` approves, `none` denies, `ask` prompts on a
 * terminal and, where there is none, denies with a clear message (or, with a durable store,
 * defers a program's call to a later decision). Prompts are asked one at
 * a time, in the order calls reach approval.
 */
export function createApprovalHandler(options: ApprovalPolicyOptions): ApprovalHandler {
  let queue: Promise<unknown> = Promise.resolve();
  const decide = async (request: ApprovalRequest): Promise<{ decision: 'approved' | 'denied' | 'deferred'; reason: string }> => {
    const policy = options.perTool[request.toolName] ?? options.policy;
    if (policy === 'all') return { decision: 'approved', reason: 'approve: all' };
    if (policy === 'none') return { decision: 'denied', reason: `approvals are set to none, so ${request.toolName} may not run` };
    const prompt = options.prompt;
    if (!prompt) {
      if (options.deferWithoutPrompt === true && request.nested) {
        return { decision: 'deferred', reason: 'nobody can be asked now: the program waits in the store for a decision (toolcell approvals)' };
      }
      return { decision: 'denied', reason: options.noPromptReason?.(request.toolName) ?? `${request.toolName} needs approval and there is no terminal to ask on; rerun with --approve all to allow it` };
    }
    const answer = queue.then(() => prompt(request));
    queue = answer.catch(() => undefined);
    return (await answer) ? { decision: 'approved', reason: 'approved at the terminal' } : { decision: 'denied', reason: 'the person declined at the terminal' };
  };
  return {
    async ask(request): Promise<ApprovalDecision> {
      const { decision, reason } = await decide(request);
      options.transcript({ type: 'approval', callId: request.callId, name: request.toolName, nested: request.nested, decision, reason });
      return decision === 'approved' ? { type: 'approve' } : decision === 'deferred' ? { type: 'defer' } : { type: 'deny', reason };
    },
  };
}
