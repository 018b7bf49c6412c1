// A legacy server that speaks only HTTP+SSE (the SDK's SSEServerTransport): POST to its URL is
// refused with 405, so connectMcpServers falls back to SSE, and only then.
import { createServer } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers } from './connect-mcp-servers.js';

function legacyServer(): Server {
  const server = new Server({ name: 'legacy', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'ping', description: 'Answers pong.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] }));
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'text', text: '"pong"' }] }));
  return server;
}

describe('a server that only speaks HTTP+SSE', () => {
  const transports = new Map<string, SSEServerTransport>();
  let http: HttpServer;
  let url: string;

  beforeAll(async () => {
    http = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'GET' && path.pathname === '/sse') {
        const transport = new SSEServerTransport('/messages', response);
        transports.set(transport.sessionId, transport);
        void legacyServer().connect(transport);
        return;
      }
      const transport = transports.get(path.searchParams.get('sessionId') ?? '');
      if (request.method === 'POST' && path.pathname === '/messages' && transport) return void transport.handlePostMessage(request, response);
      response.writeHead(405).end();
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/sse`;
  });
  afterAll(async () => {
    await Promise.all([...transports.values()].map((transport) => transport.close()));
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  it('is reached over SSE after Streamable HTTP is refused with a 4xx', async () => {
    const registry = new ToolRegistry();
    const runtime = new ToolRuntime({ registry });
    const handle = await connectMcpServers({ legacy: { url } }, { registry });
    try {
      expect(handle.status()[0]).toMatchObject({ transport: 'sse', state: 'ready', toolCount: 1 });
      expect(await runtime.dispatch({ name: 'mcp__legacy__ping', args: {}, callId: 'sse_1', scope: registry.root })).toMatchObject({ status: 'ok', output: { result: { value: 'pong' } } });
    } finally {
      await handle.close();
    }
  });
});
