// A real MCP server (the official SDK's low-level Server over stdio) whose tools ask the
// client — elicitation, sampling, roots — whether or not the client declared the
// capability, and return what the client answered (or the client's error) as JSON text.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, CreateMessageResultSchema, ElicitResultSchema, ListRootsResultSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const open = { type: 'object', properties: {} };
const requests = {
  'ask-user': {
    request: {
      method: 'elicitation/create',
      params: { message: 'Who are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', default: 30 } }, required: ['name'] } },
    },
    schema: ElicitResultSchema,
  },
  sample: {
    request: { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 } },
    schema: CreateMessageResultSchema,
  },
  roots: { request: { method: 'roots/list' }, schema: ListRootsResultSchema },
};

const server = new Server({ name: 'asking', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: Object.keys(requests).map((name) => ({ name, description: `Sends ${requests[name].request.method} to the client.`, inputSchema: open, annotations: { readOnlyHint: true } })),
}));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const asked = requests[request.params.name];
  if (!asked) return { content: [{ type: 'text', text: `no tool ${request.params.name}` }], isError: true };
  try {
    const answer = await server.request(asked.request, asked.schema, { relatedRequestId: extra.requestId });
    return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
  } catch (error) {
    return { content: [{ type: 'text', text: error.message }], isError: true };
  }
});
await server.connect(new StdioServerTransport());
