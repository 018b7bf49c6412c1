import type { ApprovalDecision, ApprovalRequest } from '@toolcell/executor';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** A question for the MCP client's user, asked for one call (`ask_user_question`). */
export interface McpClientQuestion {
  /** The id of the call asking (the tool's `context.callId`). */
  readonly callId: string;
  readonly question: string;
  /** Suggested answers, if any. */
  readonly options?: readonly string[];
  readonly signal?: AbortSignal;
}

/** Whether the client of `server` declared the `elicitation` capability. */
export function canElicit(server: Server): boolean {
  return server.getClientCapabilities()?.elicitation !== undefined;
}

/** Put one call to the client's user as a form elicitation with one `approve` checkbox. */
export async function elicitApproval(server: Server, request: ApprovalRequest, relatedRequestId: string | number): Promise<ApprovalDecision> {
  const from = request.parentCallId === undefined ? '' : ' (from the running program)';
  const result = await server.elicitInput(
    {
      message: `Allow the tool "${request.toolName}"${from} to run with ${JSON.stringify(request.args)}?`,
      requestedSchema: { type: 'object', properties: { approve: { type: 'boolean', title: 'Approve', description: 'Let this call run.' } }, required: ['approve'] },
    },
    { relatedRequestId, signal: request.signal },
  );
  if (result.action === 'accept' && result.content?.approve === true) return { type: 'approve' };
  return { type: 'deny', reason: result.action === 'accept' ? 'the user did not approve it.' : `the user answered "${result.action}".` };
}

/** Put a question to the client's user as a form elicitation with one `answer` field; `undefined` unless they answer. */
export async function elicitAnswer(server: Server, question: McpClientQuestion, relatedRequestId: string | number): Promise<string | undefined> {
  const options = question.options ?? [];
  const result = await server.elicitInput(
    {
      message: question.question,
      requestedSchema: {
        type: 'object',
        properties: { answer: { type: 'string', title: 'Answer', ...(options.length > 0 ? { description: `Suggested: ${options.join(' / ')}` } : {}) } },
        required: ['answer'],
      },
    },
    { relatedRequestId, ...(question.signal ? { signal: question.signal } : {}) },
  );
  const answer = result.action === 'accept' ? result.content?.answer : undefined;
  return typeof answer === 'string' ? answer : undefined;
}
