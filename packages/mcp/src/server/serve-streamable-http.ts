import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigurationError, errorMessage } from '@toolcell/core';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { CodeModeMcpServer } from './create-code-mode-mcp-server.js';
import { bearerMatches, normalizeOrigin, originAllowed } from './http-request-guards.js';
import { HttpSessions } from './http-sessions.js';
import { readJsonBody } from './read-json-body.js';
import type { ResumabilityLimits } from './session-event-store.js';
import { SessionEventStore } from './session-event-store.js';

/** Options of {@link serveStreamableHttp}. */
export interface StreamableHttpOptions {
  /** The port (default 0: any free port; read it from `url`). */
  readonly port?: number;
  /** The address to listen on (default `127.0.0.1`). Another than loopback needs `allowRemote`. */
  readonly host?: string;
  /** Listen on a non-loopback address (the token is then strongly advised). */
  readonly allowRemote?: boolean;
  /** When set, every request must carry `Authorization: Bearer <token>` (the scheme in any case). */
  readonly token?: string;
  /** `Host` header values accepted besides the listening address (DNS-rebinding guard). */
  readonly allowedHosts?: readonly string[];
  /**
   * Browser origins accepted besides loopback ones (`http(s)://localhost`, `127.0.0.1`,
   * `[::1]`, any port), e.g. `https://app.example.com`. A request with another `Origin`
   * gets 403; one without `Origin` (not a browser) is accepted.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * Sessions open at once (default {@link DEFAULT_MAX_SESSIONS}). A new session beyond it
   * replaces the least recently used idle one; when none is idle it is refused with 503.
   */
  readonly maxSessions?: number;
  /**
   * A session with no request in progress and no stream open for this long is closed
   * (default {@link DEFAULT_SESSION_IDLE_MS}: 30 minutes); its client gets 404 and starts a
   * new one. Its cells are terminated and its stored values forgotten.
   */
  readonly sessionIdleMs?: number;
  /** The clock idle time is measured on (default `Date.now`). */
  readonly now?: () => number;
  /**
   * Keep each session's recent SSE events in memory so a client whose stream broke can
   * reconnect with `Last-Event-ID` and get what it missed, the answer to a call that was
   * running included (default: on, {@link ResumabilityLimits}' defaults); `false` keeps none.
   * Clients of protocol 2025-11-25 or later get an event id on every stream.
   */
  readonly resumability?: ResumabilityLimits | false;
}

/** Sessions open at once unless {@link StreamableHttpOptions.maxSessions} says otherwise. */
export const DEFAULT_MAX_SESSIONS = 64;

/** How long an idle session is kept unless {@link StreamableHttpOptions.sessionIdleMs} says otherwise (30 minutes). */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;

/** A running Streamable HTTP endpoint. */
export interface StreamableHttpEndpoint {
  /** `http://<host>:<port>/mcp`. */
  readonly url: string;
  /** Sessions open now. */
  readonly sessionCount: number;
  /** Stop listening and close every session. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Serve MCP over Streamable HTTP at `/mcp`, one session per client. Requests without the
 * bearer token get 401; requests whose `Host` is not the listening address (or an
 * allowed host) or whose `Origin` is foreign get 403. Only an `initialize` request starts a
 * session (and builds a server for it); another request without a known session gets 400
 * (no session id) or 404 (unknown session) and keeps nothing. Sessions are bounded in
 * number and closed when idle.
 */
export async function serveStreamableHttp(server: CodeModeMcpServer, options: StreamableHttpOptions = {}): Promise<StreamableHttpEndpoint> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.has(host) && options.allowRemote !== true) {
    throw new ConfigurationError({ setting: 'mcp.http.host', message: `"${host}" is not a loopback address; set allowRemote to listen on it.` });
  }
  const maxSessions = positiveInteger(options.maxSessions, 'mcp.http.maxSessions', DEFAULT_MAX_SESSIONS);
  const idleMs = positiveInteger(options.sessionIdleMs, 'mcp.http.sessionIdleMs', DEFAULT_SESSION_IDLE_MS);
  const allowedOrigins = new Set<string>();
  for (const origin of options.allowedOrigins ?? []) {
    const normalized = normalizeOrigin(origin);
    if (normalized === undefined) throw new ConfigurationError({ setting: 'mcp.http.allowedOrigins', message: `${JSON.stringify(origin)} is not an origin; write it as scheme://host[:port].` });
    allowedOrigins.add(normalized);
  }
  const now = options.now ?? Date.now;
  const resumability =
    options.resumability === false
      ? undefined
      : {
          maxEvents: positiveInteger(options.resumability?.maxEvents, 'mcp.http.resumability.maxEvents', 256),
          maxBytes: positiveInteger(options.resumability?.maxBytes, 'mcp.http.resumability.maxBytes', 4 * 1024 * 1024),
        };
  const sessions = new HttpSessions({ maxSessions, idleMs, now });
  const token = options.token === undefined ? undefined : Buffer.from(options.token);
  let allowedHosts = new Set<string>();

  const startSession = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const body = request.method === 'POST' ? await readJsonBody(request) : undefined;
    if (body?.type === 'too-large') return refuse(response, 413, 'the message is too large.');
    if (body?.type === 'invalid') return refuse(response, 400, 'Parse error: the body is not JSON.', -32700);
    if (body === undefined || !isInitializeRequest(body.value)) {
      return refuse(response, 400, 'Bad Request: no valid session id; send an initialize request first (without Mcp-Session-Id).');
    }
    if (!sessions.makeRoom()) return refuse(response, 503, `too many sessions (the limit is ${maxSessions}, all in use); end one (DELETE) or try again later.`);
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.add(id, transport),
      ...(resumability === undefined ? {} : { eventStore: new SessionEventStore(resumability) }),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response, body.value);
    // An initialize the transport refused starts no session: close what was built for it.
    if (transport.sessionId === undefined) await transport.close();
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (!allowedHosts.has(request.headers.host ?? '')) return refuse(response, 403, 'this Host is not allowed.');
    if (!originAllowed(request.headers.origin, allowedOrigins)) return refuse(response, 403, 'this Origin is not allowed.');
    if (token && !bearerMatches(request.headers.authorization, token)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return refuse(response, 401, 'a valid bearer token is required.');
    }
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp') return refuse(response, 404, 'the MCP endpoint is /mcp.');
    sessions.expire();
    const sessionId = request.headers['mcp-session-id'];
    if (sessionId === undefined) return startSession(request, response);
    const transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    if (!transport) return refuse(response, 404, 'unknown session; start a new one with initialize.');
    const release = sessions.hold(sessionId as string);
    response.once('close', release);
    try {
      await transport.handleRequest(request, response);
    } finally {
      // A stream (GET, or a POST answered as SSE) stays open past handleRequest; its close releases it.
      if (response.writableEnded) release();
    }
  };

  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 500, errorMessage(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  const authority = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  allowedHosts = new Set([authority, `localhost:${port}`, ...(options.allowedHosts ?? [])]);
  // Idle sessions also go when no request comes to notice them.
  const sweep = setInterval(() => sessions.expire(), Math.min(idleMs, 60_000));
  sweep.unref();
  return {
    url: `http://${authority}/mcp`,
    get sessionCount() {
      return sessions.size;
    },
    close: async () => {
      clearInterval(sweep);
      await sessions.closeAll();
      await server.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function positiveInteger(value: number | undefined, setting: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new ConfigurationError({ setting, message: `${String(value)} is not a positive whole number.` });
  return value;
}

function refuse(response: ServerResponse, status: number, message: string, code = -32000): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
