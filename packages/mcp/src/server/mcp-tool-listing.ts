import type { ToolDeclaration } from '@toolcell/core';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * A wire declaration as an MCP tool. MCP has no freeform tools, so `exec` takes
 * `{ code }` (its JSON fallback parameter). An output schema is listed only when it
 * describes an object, as MCP requires.
 */
export function mcpToolListing(declaration: ToolDeclaration, readOnly: boolean): Tool {
  const annotations = { readOnlyHint: readOnly };
  if (declaration.kind === 'freeform') {
    const { parameter, description } = declaration.jsonFallback;
    return {
      name: declaration.name,
      description: declaration.description,
      inputSchema: { type: 'object', properties: { [parameter]: { type: 'string', description } }, required: [parameter], additionalProperties: false },
      annotations,
    };
  }
  const { outputSchema } = declaration;
  return {
    name: declaration.name,
    description: declaration.description,
    inputSchema: { ...declaration.inputSchema, type: 'object' } as Tool['inputSchema'],
    ...(outputSchema?.type === 'object' ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
    annotations,
  };
}
