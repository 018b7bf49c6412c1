import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigurationError } from '@toolcell/core';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { CodeModeMcpServer } from './create-code-mode-mcp-server.js';

/** Options of {@link serveStreamableHttp}. */
export interface StreamableHttpOptions {
  /** The port (default 0: any free port; read it from `url`). */
  readonly port?: number;
  /** The address to listen on (default `127.0.0.1`). Another than loopback needs `allowRemote`. */
  readonly host?: string;
  /** Listen on a non-loopback address (the token is then strongly advised). */
  readonly allowRemote?: boolean;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  readonly token?: string;
  /** `Host` header values accepted besides the listening address (DNS-rebinding guard). */
  readonly allowedHosts?: readonly string[];
}

/** A running Streamable HTTP endpoint. */
export interface StreamableHttpEndpoint {
  /** `http://<host>:<port>/mcp`. */
  readonly url: string;
  /** Stop listening and close every session. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Serve MCP over Streamable HTTP at `/mcp`, one session per client. Requests without the
 * bearer token get 401; requests whose `Host` is not the listening address (or an
 * allowed host) get 403.
 */
export async function serveStreamableHttp(server: CodeModeMcpServer, options: StreamableHttpOptions = {}): Promise<StreamableHttpEndpoint> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && options.allowRemote !== true) {
    throw new ConfigurationError({ setting: 'mcp.http.host', message: `"${host}" is not a loopback address; set allowRemote to listen on it.` });
  }
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const expected = options.token === undefined ? undefined : Buffer.from(`Bearer ${options.token}`);
  let allowedHosts = new Set<string>();

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!allowedHosts.has(request.headers.host ?? '')) return refuse(response, 403, 'this Host is not allowed.');
    if (expected && !matches(request.headers.authorization, expected)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return refuse(response, 401, 'a valid bearer token is required.');
    }
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp') return refuse(response, 404, 'the MCP endpoint is /mcp.');
    const sessionId = request.headers['mcp-session-id'];
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (existing) return existing.handleRequest(request, response);
    if (sessionId !== undefined) return refuse(response, 404, 'unknown session.');
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 500, error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const authority = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  allowedHosts = new Set([authority, `localhost:${port}`, ...(options.allowedHosts ?? [])]);
  return {
    url: `http://${authority}/mcp`,
    close: async () => {
      await Promise.all([...sessions.values()].map((transport) => transport.close()));
      await server.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function matches(header: string | undefined, expected: Buffer): boolean {
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function refuse(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
