import type { ApprovalDecision, ApprovalRequest } from '@toolcell/executor';
import type { Tool, ToolApprovalConfiguration, ToolApprovalStatus, ToolSet } from 'ai';
import type { AiSdkRun } from './ai-sdk-run.js';
import { askPerson } from '@toolcell/codemode';

/** A nested call the app's approval config sent to a person (`user-approval`). */
export interface NestedApprovalRequest {
  /** The AI SDK tool name. */
  readonly toolName: string;
  /** The input as the tool's schema parsed it. */
  readonly input: unknown;
  /** The nested call's id (`<execCallId>:code:<n>`). */
  readonly toolCallId: string;
  /** The `exec` call whose program made the call. */
  readonly execCallId: string | undefined;
  /** The reason the approval config gave, if any. */
  readonly reason: string | undefined;
  /** Aborted when the call is cancelled: dismiss the prompt. */
  readonly abortSignal: AbortSignal;
}

/** Answers a nested `user-approval`: `true` to run the call, `false` (or a reason) to refuse it. */
export type NestedApprovalHandler = (request: NestedApprovalRequest) => boolean | string | Promise<boolean | string>;

type Status = Exclude<ToolApprovalStatus, string | undefined>;

/**
 * Decide a nested call as the AI SDK decides a direct one (`resolveToolApproval` in `ai`):
 * the app's `toolApproval` (a function for all tools, or a status or function per tool)
 * first, then the tool's own `needsApproval`; `user-approval` goes to `onUserApproval`.
 */
export async function resolveNestedApproval(options: {
  readonly request: ApprovalRequest;
  readonly run: AiSdkRun;
  readonly tools: ToolSet;
  readonly tool: Tool;
  readonly input: unknown;
  readonly toolApproval: ToolApprovalConfiguration<ToolSet, never> | undefined;
  readonly onUserApproval: NestedApprovalHandler | undefined;
}): Promise<ApprovalDecision> {
  const status = await statusOf(options);
  switch (status.type) {
    case 'not-applicable':
    case 'approved':
      return { type: 'approve' };
    case 'denied':
      return { type: 'deny', reason: status.reason ?? 'the app denied this tool call' };
    case 'user-approval': {
      const { request, onUserApproval } = options;
      // A durable program parks here; the exec call's approval round trip decides it.
      return askPerson({
        durable: options.run.durable === true,
        ask: onUserApproval,
        cannotAsk: `"${request.toolName}" needs a person's approval, and this app has no way to ask: it passes createCodeModeTools onUserApproval to ask during the program, or durable to make it the AI SDK's approval round trip.`,
        request: () => ({
          toolName: request.toolName,
          input: options.input,
          toolCallId: request.callId,
          execCallId: request.parentCallId,
          reason: status.reason,
          abortSignal: request.signal,
        }),
      });
    }
  }
}

async function statusOf(options: Parameters<typeof resolveNestedApproval>[0]): Promise<Status> {
  const { request, run, tools, tool, input, toolApproval } = options;
  const toolName = request.toolName;
  const toolContext = run.toolsContext[toolName];
  if (typeof toolApproval === 'function') {
    const toolCall = { type: 'tool-call', toolCallId: request.callId, toolName, input } as Parameters<typeof toolApproval>[0]['toolCall'];
    return normalize(await toolApproval({ toolCall, tools, toolsContext: run.toolsContext as never, runtimeContext: run.runtimeContext as never, messages: run.messages }));
  }
  const configured = toolApproval === undefined ? undefined : (toolApproval as Record<string, unknown>)[toolName];
  if (typeof configured === 'function') {
    return normalize(await configured(input, { toolCallId: request.callId, messages: run.messages, toolContext, runtimeContext: run.runtimeContext }));
  }
  if (configured !== undefined && configured !== null) return normalize(configured as ToolApprovalStatus);
  if (tool.needsApproval === undefined) return { type: 'not-applicable' };
  const needed = typeof tool.needsApproval === 'function' ? await tool.needsApproval(input, { toolCallId: request.callId, messages: run.messages, context: toolContext }) : tool.needsApproval;
  return needed ? { type: 'user-approval' } : { type: 'not-applicable' };
}

function normalize(status: ToolApprovalStatus): Status {
  return status === undefined ? { type: 'not-applicable' } : typeof status === 'string' ? { type: status } : status;
}
