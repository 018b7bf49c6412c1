import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../cli/command-line.js';
import { serveMcpHttp } from '../test-support/serve-mcp-http.js';
import { mcpServerHttpOptions } from './mcp-server-http-options.js';

const options = (...argv: string[]) => mcpServerHttpOptions(parseCommandLine(['mcp-server', ...argv]));

describe('toolcell mcp-server HTTP options', () => {
  it('reads --max-sessions, --session-idle-ms and --allowed-origins into the server options', () => {
    expect(options('--http', '0', '--max-sessions', '8', '--session-idle-ms', '60000', '--allowed-origins', 'https://app.example.com, http://localhost:5173')).toEqual({
      port: 0,
      maxSessions: 8,
      sessionIdleMs: 60_000,
      allowedOrigins: ['https://app.example.com', 'http://localhost:5173'],
    });
    expect(options('--http', '3000', '--token', 'secret')).toEqual({ port: 3000, token: 'secret' });
    expect(options()).toBeUndefined();
  });

  it.each([
    [['--max-sessions', '4'], '--max-sessions', 'only applies with --http PORT.'],
    [['--allowed-origins', 'https://a.example'], '--allowed-origins', 'only applies with --http PORT.'],
    [['--http', '0', '--max-sessions', '0'], '--max-sessions', '"0" is not a number of sessions; use a whole number of 1 or more.'],
    [['--http', '0', '--session-idle-ms', '1.5'], '--session-idle-ms', '"1.5" is not a time in milliseconds; use a whole number of 1 or more.'],
    [['--http', '0', '--allowed-origins', 'https://a.example/app'], '--allowed-origins', '"https://a.example/app" is not an origin; give scheme://host[:port] without a path'],
    [['--http', 'x'], '--http', '"x" is not a port'],
  ])('refuses %j naming %s', (argv, setting, message) => {
    expect(() => options(...argv)).toThrow(expect.objectContaining({ code: 'INVALID_CONFIGURATION', setting, message: expect.stringContaining(message) }));
  });
});

// The options reach the server `toolcell mcp-server --http` runs.
const POST = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
const PING = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });

/** `toolcell mcp-server --http 0 …flags` in a fresh workspace, for the tests of one describe block. */
const serveWith = (flags: readonly string[]) => serveMcpHttp({ prefix: 'toolcell-mcp-server-options-', flags: () => flags });

async function startSession(url: string, origin?: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { ...POST, ...(origin === undefined ? {} : { Origin: origin }) }, body: INITIALIZE });
}

function sessionHeaders(answer: Response): Record<string, string> {
  return { 'Mcp-Session-Id': answer.headers.get('mcp-session-id')!, 'Mcp-Protocol-Version': '2025-06-18' };
}

describe('toolcell mcp-server --http 0 --max-sessions 1 --allowed-origins …', () => {
  const APP = 'https://app.example.com';
  const server = serveWith(['--max-sessions', '1', '--allowed-origins', APP]);

  it('accepts the allowed origin and refuses another; a second session waits for room while the only one is busy, then replaces it', async () => {
    const foreign = await startSession(server.url(), 'https://evil.example');
    expect(foreign.status).toBe(403);
    await foreign.body?.cancel();
    const first = await startSession(server.url(), APP);
    expect(first.status).toBe(200);
    await first.body?.cancel();
    // An open GET stream keeps the session busy: with --max-sessions 1 there is no room.
    const stream = new AbortController();
    const listening = await fetch(server.url(), { headers: { Accept: 'text/event-stream', ...sessionHeaders(first) }, signal: stream.signal });
    expect(listening.status).toBe(200);
    const refused = await startSession(server.url(), APP);
    expect(refused.status).toBe(503);
    await refused.body?.cancel();
    stream.abort();
    await listening.body?.cancel().catch(() => undefined);
    // Idle now: the next session takes its place, and the first one's id is unknown.
    let second = await startSession(server.url(), APP);
    for (let attempt = 0; second.status === 503 && attempt < 100; attempt += 1) {
      // The server sees the stream end a moment after the abort.
      await second.body?.cancel();
      await delay(20);
      second = await startSession(server.url(), APP);
    }
    expect(second.status).toBe(200);
    await second.body?.cancel();
    const ping = await fetch(server.url(), { method: 'POST', headers: { ...POST, ...sessionHeaders(first) }, body: PING });
    expect(ping.status).toBe(404);
    await ping.body?.cancel();
  });
});

describe('toolcell mcp-server --http 0 --session-idle-ms 1', () => {
  const server = serveWith(['--session-idle-ms', '1']);

  it('closes a session idle for longer than the flag says', async () => {
    const first = await startSession(server.url());
    expect(first.status).toBe(200);
    await first.body?.cancel();
    // Any wait beyond 1 ms will do.
    await delay(50);
    const ping = await fetch(server.url(), { method: 'POST', headers: { ...POST, ...sessionHeaders(first) }, body: PING });
    expect(ping.status).toBe(404);
    await ping.body?.cancel();
  });
});
