import type { CallOutcome, WireContentPart } from '@toolcell/core';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/** Options of {@link mcpCallResult}. */
export interface McpCallResultOptions {
  /** Whether the tool is listed with an output schema (its structured content must then match it). */
  readonly hasOutputSchema: boolean;
}

/**
 * A call's outcome as an MCP result: the wire output as MCP content, the typed result as
 * `structuredContent` (a value that is not an object is wrapped as `{ value }`, since MCP
 * requires an object), `isError` for a failed, refused or cancelled call. A failed call of
 * a tool listed with an output schema carries no `structuredContent`: its `{ error }`
 * would not match the schema, and a client that validates it (the SDK's) would report the
 * mismatch instead of the error the content states.
 */
export function mcpCallResult(outcome: CallOutcome, options: McpCallResultOptions): CallToolResult {
  const value = outcome.output.result.value;
  const structuredContent = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  const content = outcome.output.wire.content.map(toContentBlock);
  if (outcome.status === 'ok') return { content, structuredContent };
  return options.hasOutputSchema ? { content, isError: true } : { content, structuredContent, isError: true };
}

function toContentBlock(part: WireContentPart): ContentBlock {
  if (part.type === 'text') return { type: 'text', text: part.text };
  return { type: part.type, mimeType: part.mimeType, data: part.data };
}
