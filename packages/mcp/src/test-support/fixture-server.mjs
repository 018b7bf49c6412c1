// A real MCP server (the official SDK's low-level Server over stdio) with tools that
// misbehave on purpose: the cases the public servers cannot produce on demand.
// `node fixture-server.mjs exit` writes to stderr and exits at once.
import process from 'node:process';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

if (process.argv[2] === 'exit') {
  process.stderr.write('fixture: refusing to start\n');
  process.exit(3);
}

const open = { type: 'object', properties: {} };
const tools = new Map([
  ['block', { description: 'Reports progress once, then waits until cancelled.', inputSchema: open }],
  ['cancellations', { description: 'How many calls were cancelled so far.', inputSchema: open, annotations: { readOnlyHint: true } }],
  ['hang', { description: 'Never answers.', inputSchema: open }],
  ['crash', { description: 'Exits the process.', inputSchema: open }],
  ['garbage', { description: 'Writes a line that is not JSON-RPC.', inputSchema: open }],
  ['huge', { description: 'Returns megabytes of text.', inputSchema: { type: 'object', properties: { megabytes: { type: 'number' } }, required: ['megabytes'] } }],
  ['bad-structured', { description: 'Breaks its own output schema.', inputSchema: open, outputSchema: { type: 'object', properties: { count: { type: 'number' } }, required: ['count'] } }],
  ['fail', { description: 'Answers isError: true.', inputSchema: open }],
  ['mixed', { description: 'Text, an image, a resource link and an embedded resource.', inputSchema: open, annotations: { readOnlyHint: true } }],
  ['add-tool', { description: 'Adds a tool named extra-<name>.', inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } }],
  ['remove-tool', { description: 'Removes a tool.', inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } }],
]);
let cancelled = 0;

const server = new Server({ name: 'fixture', version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...tools].map(([name, tool]) => ({ name, ...tool })) }));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const { name, arguments: args = {} } = request.params;
  const text = (value) => ({ content: [{ type: 'text', text: value }] });
  switch (name) {
    case 'block': {
      const token = request.params._meta?.progressToken;
      return new Promise(() => {
        extra.signal.addEventListener('abort', () => {
          cancelled += 1;
        });
        if (token !== undefined) void extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2, message: 'started' } });
      });
    }
    case 'cancellations':
      return text(JSON.stringify({ cancelled }));
    case 'hang':
      return new Promise(() => {});
    case 'crash':
      return process.exit(1);
    case 'garbage':
      process.stdout.write('this is not json-rpc\n');
      return new Promise(() => {});
    case 'huge':
      return text('x'.repeat(args.megabytes * 1024 * 1024));
    case 'bad-structured':
      return { content: [{ type: 'text', text: '{"count":"many"}' }], structuredContent: { count: 'many' } };
    case 'fail':
      return { content: [{ type: 'text', text: 'the disk is on fire' }], isError: true };
    case 'mixed':
      return {
        content: [
          { type: 'text', text: 'a picture' },
          { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          { type: 'resource_link', uri: 'file:///notes.txt', name: 'notes', mimeType: 'text/plain' },
          { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'embedded text' } },
        ],
      };
    case 'add-tool':
      tools.set(`extra-${args.name}`, { description: `Added at run time (${args.name}).`, inputSchema: open, annotations: { readOnlyHint: true } });
      await server.sendToolListChanged();
      return text('added');
    case 'remove-tool':
      tools.delete(args.name);
      await server.sendToolListChanged();
      return text('removed');
    default:
      if (tools.has(name)) return text(`ran ${name}`);
      return { content: [{ type: 'text', text: `no tool ${name}` }], isError: true };
  }
});
await server.connect(new StdioServerTransport());
