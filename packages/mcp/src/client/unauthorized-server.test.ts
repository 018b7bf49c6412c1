// A remote server that needs authorization answers 401 (or 403) with a WWW-Authenticate
// challenge: connectMcpServers says so, and does not fall back to the old SSE transport.
import { createServer } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToolRegistry } from '@toolcell/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers } from './connect-mcp-servers.js';

const CHALLENGE = 'Bearer error="invalid_token", resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"';

describe('a remote server that needs authorization', () => {
  const requests: string[] = [];
  let http: HttpServer;
  let base: string;

  beforeAll(async () => {
    http = createServer((request, response) => {
      requests.push(`${request.method ?? '?'} ${request.url ?? '?'}`);
      request.resume();
      const status = request.url?.startsWith('/forbidden') ? 403 : 401;
      response.writeHead(status, { 'WWW-Authenticate': CHALLENGE, 'Content-Type': 'application/json' }).end('{"error":"invalid_token"}');
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    http.closeAllConnections();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  it.each([
    [401, '/mcp', 'Unauthorized', 'give it a token'],
    [403, '/forbidden/mcp', 'Forbidden', 'not enough for it'],
  ])('answering %i reads as needing authorization, with the server\'s hint, and is not retried over SSE', async (status, path, reason, next) => {
    requests.length = 0;
    const handle = await connectMcpServers({ oauth: { url: `${base}${path}` } }, { registry: new ToolRegistry() });
    try {
      const [serverStatus] = handle.status();
      expect(serverStatus).toMatchObject({ transport: 'streamable-http', state: 'failed', toolCount: 0 });
      expect(serverStatus?.error).toBe(
        `MCP_UNAUTHORIZED: MCP server "oauth": needs authorization: ${base}${path} answered ${status} ${reason} (WWW-Authenticate: ${CHALLENGE}); ${next === 'give it a token' ? 'give it a token in the entry\'s headers ("Authorization": "Bearer …") or sign in with OAuth ("oauth": {})' : "the credentials in the entry's headers are not enough for it; use ones it accepts"}.`,
      );
      // Only the Streamable HTTP initialize: no GET of an SSE stream.
      expect(requests).toEqual([`POST ${path}`]);
    } finally {
      await handle.close();
    }
  });
});
