import type { CallOutcome } from '@toolcell/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** One approval a suspended cell waits for, as an `exec` or `wait` answer lists it (`pending_approvals`). */
export interface McpPendingApproval {
  readonly approval_id: string;
  readonly tool_name: string;
  readonly cell_id: string;
}

/**
 * Says how the approvals a suspended cell waits for are decided where this server runs (a
 * command, a web page): added to every answer that lists some, for clients that cannot be
 * asked (no elicitation).
 */
export type PendingApprovalsNote = (approvals: readonly McpPendingApproval[]) => string;

/** `result`, and the note as a last text block when the outcome lists pending approvals. */
export function withPendingApprovalsNote(result: CallToolResult, outcome: CallOutcome, note: PendingApprovalsNote | undefined): CallToolResult {
  if (note === undefined || outcome.status !== 'ok') return result;
  const value = outcome.output.result.value as { pending_approvals?: unknown } | null;
  const pending = typeof value === 'object' && value !== null && Array.isArray(value.pending_approvals) ? (value.pending_approvals as McpPendingApproval[]) : [];
  if (pending.length === 0) return result;
  return { ...result, content: [...result.content, { type: 'text', text: note(pending) }] };
}
