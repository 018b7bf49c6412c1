import type { CallOutcome, WireContentPart } from '@toolcell/core';
import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/sdk/types.js';

/** Options of {@link mcpCallResult}. */
export interface McpCallResultOptions {
  /** Whether the tool is listed with an output schema (its structured content must then match it). */
  readonly hasOutputSchema: boolean;
}

/**
 * A call's outcome as an MCP result: the wire output as MCP content (a resource part as an
 * embedded resource, `type: 'resource'`), the typed result as
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
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
    case 'audio':
      return { type: part.type, mimeType: part.mimeType, data: part.data };
    case 'resource': {
      const about = { uri: part.uri, ...(part.mimeType === undefined ? {} : { mimeType: part.mimeType }) };
      return { type: 'resource', resource: part.blob === undefined ? { ...about, text: part.text } : { ...about, blob: part.blob } };
    }
  }
}
