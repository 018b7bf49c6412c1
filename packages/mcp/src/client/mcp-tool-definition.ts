import type { FunctionToolDefinition, JsonObject, JsonSchema, ToolContext, ToolOutput } from '@toolcell/core';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { MCP_FALLBACK_OUTPUT_SCHEMA } from './typed-mcp-result.js';

/** Calls one tool of a connected server (the connection owns restarts and errors). */
export type McpToolCaller = (toolName: string, input: JsonObject, context: ToolContext) => Promise<ToolOutput>;

/** The canonical registry name of an MCP tool: `<prefix>__<server>__<tool>`. */
export function mcpToolName(prefix: string, serverName: string, toolName: string): string {
  return `${prefix}__${serverName}__${toolName}`;
}

/**
 * An MCP tool as a toolcell tool: description and input schema as the server gives them;
 * `readOnlyHint: true` makes it read-only (parallel in a batch), anything else asks the
 * host's approval policy. Without an `outputSchema` it gets the fallback-shape schema.
 */
export function mcpToolDefinition(options: {
  readonly name: string;
  readonly tool: Tool;
  readonly call: McpToolCaller;
}): FunctionToolDefinition {
  const { name, tool, call } = options;
  const readOnly = tool.annotations?.readOnlyHint === true;
  return {
    kind: 'function',
    name,
    description: tool.description ?? tool.annotations?.title ?? tool.title ?? '',
    inputSchema: tool.inputSchema as JsonSchema,
    outputSchema: (tool.outputSchema as JsonSchema | undefined) ?? MCP_FALLBACK_OUTPUT_SCHEMA,
    readOnly,
    needsApproval: !readOnly,
    execute: (input, context) => call(tool.name, input, context),
  };
}
