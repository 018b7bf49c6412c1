import type { JsonObject, JsonSchema, JsonValue, ToolOutput } from '@toolcell/core';
import { toolOutput } from '@toolcell/core';
import type { ReadResourceResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { mapMcpContent } from './map-mcp-content.js';

/** The MCP name of the resource-reading tool toolcell adds to a server that declares `resources`. */
export const READ_RESOURCE_TOOL_NAME = 'read_resource';

function contentSchema(body: 'text' | 'blob'): JsonSchema {
  return {
    type: 'object',
    properties: {
      uri: { type: 'string' },
      mimeType: { type: 'string' },
      [body]: { type: 'string', description: body === 'text' ? 'the resource as text' : 'the resource as base64' },
    },
    required: ['uri', body],
  };
}

/**
 * The tool toolcell offers for a server that declares the `resources` capability, as if
 * the server listed it (it becomes `<prefix>__<server>__read_resource`): it reads one
 * resource by URI with `resources/read`, so a `resource_link` one tool returns can be
 * followed. Read-only. The connection recognises it by identity, never by name; a server
 * with a tool of its own named `read_resource` keeps it, and gets none added.
 */
export function readResourceTool(serverName: string): Tool {
  return {
    name: READ_RESOURCE_TOOL_NAME,
    description:
      `Read a resource of the "${serverName}" MCP server by its URI, such as the uri of a resource_link one of its tools returned. ` +
      'Returns { contents }: one entry per part, with the text, or the bytes as base64 in blob, and the mimeType when the server gives one.',
    inputSchema: { type: 'object', properties: { uri: { type: 'string', description: 'the resource URI' } }, required: ['uri'], additionalProperties: false },
    outputSchema: {
      type: 'object',
      properties: { contents: { type: 'array', items: { anyOf: [contentSchema('text'), contentSchema('blob')] } } },
      required: ['contents'],
    },
    annotations: { readOnlyHint: true, title: 'Read a resource' },
  };
}

/** A `resources/read` result as a tool output: `{ contents }` typed, each part on the wire as an embedded resource. */
export function readResourceOutput(result: ReadResourceResult): ToolOutput {
  const contents: JsonObject[] = result.contents.map((part) => ({
    uri: part.uri,
    ...(part.mimeType === undefined ? {} : { mimeType: part.mimeType }),
    ...('text' in part ? { text: part.text } : { blob: part.blob }),
  }));
  const wire = mapMcpContent(result.contents.map((resource) => ({ type: 'resource' as const, resource })));
  return toolOutput({ result: { contents } as JsonValue, wire });
}
