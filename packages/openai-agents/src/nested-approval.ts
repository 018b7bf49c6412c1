import type { FunctionTool, RunContext } from '@openai/agents';
import type { ApprovalDecision, ApprovalRequest } from '@toolcell/executor';
import type { AgentsRun } from './agents-run.js';
import { askPerson } from '@toolcell/codemode';

/** A nested call whose tool's `needsApproval` answered `true`: the app asks a person. */
export interface NestedApprovalRequest {
  /** The tool's name. */
  readonly toolName: string;
  /** The arguments the program passed (a JSON object). */
  readonly input: unknown;
  /** The nested call's id (`<execCallId>:code:<n>`). */
  readonly toolCallId: string;
  /** The `exec` call whose program made the call. */
  readonly execCallId: string | undefined;
  /** The run's context, as the SDK gives it to tools. */
  readonly runContext: RunContext<unknown>;
  /** Aborted when the call is cancelled or the runtime's approval timeout passes: dismiss the prompt. */
  readonly abortSignal: AbortSignal;
}

/** Answers a nested approval: `true` to run the call, `false` (or a reason) to refuse it. */
export type NestedApprovalHandler = (request: NestedApprovalRequest) => boolean | string | Promise<boolean | string>;

/**
 * Decide a nested call that its tool's `needsApproval` sent to approval: a standing
 * decision of the run (`state.approve(item, { alwaysApprove: true })` or `alwaysReject`)
 * first, as the runner does, then the app's `onApproval`; refused when there is none.
 */
export async function resolveNestedApproval(options: {
  readonly request: ApprovalRequest;
  readonly run: AgentsRun;
  readonly tool: FunctionTool<unknown, never, unknown>;
  readonly onApproval: NestedApprovalHandler | undefined;
}): Promise<ApprovalDecision> {
  const { request, run, tool, onApproval } = options;
  const standing = run.runContext.isToolApproved({ toolName: tool.name, callId: request.callId });
  if (standing === true) return { type: 'approve' };
  if (standing === false) return { type: 'deny', reason: run.runContext.getRejectionMessage(tool.name, request.callId) ?? 'the run rejected this tool' };
  // A durable program parks here; the interruption of its exec call decides it.
  return askPerson({
    durable: run.durable === true,
    ask: onApproval,
    cannotAsk: `"${tool.name}" needs approval, and this app has no way to ask: it passes codeModeTool onApproval to ask during the program, or durable to interrupt the run for it.`,
    request: () => ({
      toolName: tool.name,
      input: request.args,
      toolCallId: request.callId,
      execCallId: request.parentCallId,
      runContext: run.runContext,
      abortSignal: request.signal,
    }),
  });
}
