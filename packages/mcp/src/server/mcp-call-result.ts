import type { CallOutcome, WireContentPart } from '@toolcell/core';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/**
 * A call's outcome as an MCP result: the wire output as MCP content, the typed result as
 * `structuredContent` (a value that is not an object is wrapped as `{ value }`, since MCP
 * requires an object), `isError` for a failed, refused or cancelled call.
 */
export function mcpCallResult(outcome: CallOutcome): CallToolResult {
  const value = outcome.output.result.value;
  const structuredContent = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  const content = outcome.output.wire.content.map(toContentBlock);
  return outcome.status === 'ok' ? { content, structuredContent } : { content, structuredContent, isError: true };
}

function toContentBlock(part: WireContentPart): ContentBlock {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: part.type, mimeType: part.mimeType, data: part.data };
}
