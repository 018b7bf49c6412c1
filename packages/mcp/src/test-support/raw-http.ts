// Raw HTTP requests to a Streamable HTTP endpoint, for tests that look at what the SDK
// client never sends (no session id, a foreign Origin, a lower-case bearer scheme).
import type { IncomingHttpHeaders } from 'node:http';
import { request as httpRequest } from 'node:http';

export interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** The headers a Streamable HTTP POST needs. */
export const POST_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' } as const;

/** An `initialize` request body. */
export const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };

/** Send one request and read the whole answer. */
export function rawRequest(url: string, options: { readonly method?: string; readonly headers?: Record<string, string>; readonly body?: unknown } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers ?? {} }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

/** Start a session with a raw `initialize` (and `notifications/initialized`); its id. */
export async function rawSession(url: string, headers: Record<string, string> = {}): Promise<string> {
  const answer = await rawRequest(url, { headers: { ...POST_HEADERS, ...headers }, body: INITIALIZE });
  const id = answer.headers['mcp-session-id'];
  if (answer.status !== 200 || typeof id !== 'string') throw new Error(`initialize answered ${answer.status}: ${answer.body}`);
  const sessionHeaders = { ...POST_HEADERS, ...headers, 'Mcp-Session-Id': id, 'Mcp-Protocol-Version': '2025-06-18' };
  await rawRequest(url, { headers: sessionHeaders, body: { jsonrpc: '2.0', method: 'notifications/initialized' } });
  return id;
}

/** `tools/list` on a session; the status. */
export async function listOnSession(url: string, sessionId: string, headers: Record<string, string> = {}): Promise<number> {
  const sessionHeaders = { ...POST_HEADERS, ...headers, 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': '2025-06-18' };
  return (await rawRequest(url, { headers: sessionHeaders, body: { jsonrpc: '2.0', id: 2, method: 'tools/list' } })).status;
}
