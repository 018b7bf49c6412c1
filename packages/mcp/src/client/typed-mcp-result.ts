import type { JsonSchema, JsonValue } from '@toolcell/core';
import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { joinedText } from './map-mcp-content.js';

/**
 * The typed result of a tool without an `outputSchema` when its content is not one JSON
 * text block: the text joined, and the MCP content blocks as sent.
 */
export interface McpFallbackResult {
  readonly text: string;
  readonly content: JsonValue[];
  readonly [key: string]: JsonValue;
}

/**
 * The `outputSchema` toolcell gives an MCP tool that declares none, so the generated
 * signature names the fallback shape rather than `unknown`.
 */
export const MCP_FALLBACK_OUTPUT_SCHEMA: JsonSchema = {
  anyOf: [
    { description: "the tool's structuredContent, or the parsed JSON when the tool returned one JSON text block" },
    {
      type: 'object',
      properties: {
        text: { type: 'string', description: 'the text blocks, joined by newlines' },
        content: { type: 'array', items: { type: 'object' }, description: 'the MCP content blocks as sent' },
      },
      required: ['text', 'content'],
    },
  ],
};

/**
 * The typed-result rule (docs/decisions/2026-12-01-mcp-typed-results.md):
 * 1. `structuredContent`, when the tool sent it (the SDK client has validated it against
 *    the tool's `outputSchema`, if it declares one);
 * 2. otherwise, if the content is a single text block that parses as JSON, that value;
 * 3. otherwise `{ text, content }`, the text joined.
 *
 * `hasOutputSchema` no longer changes the result; it is kept for callers' compatibility.
 */
export function typedMcpResult(options: {
  readonly content: readonly ContentBlock[];
  readonly structuredContent: Record<string, unknown> | undefined;
  readonly hasOutputSchema: boolean;
}): JsonValue {
  const { content, structuredContent } = options;
  if (structuredContent !== undefined) return structuredContent as JsonValue;
  const only = content.length === 1 ? content[0] : undefined;
  if (only?.type === 'text') {
    const parsed = parseJson(only.text);
    if (parsed !== undefined) return parsed;
  }
  return { text: joinedText(content), content: content as unknown as JsonValue[] };
}

function parseJson(text: string): JsonValue | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  try {
    return JSON.parse(trimmed) as JsonValue;
  } catch {
    return undefined;
  }
}
