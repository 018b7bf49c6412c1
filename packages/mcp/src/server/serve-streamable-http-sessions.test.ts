import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { CountingServer } from '../test-support/counting-server.js';
import { createCountingServer } from '../test-support/counting-server.js';
import { INITIALIZE, POST_HEADERS, listOnSession, rawRequest, rawSession } from '../test-support/raw-http.js';
import type { StreamableHttpEndpoint, StreamableHttpOptions } from './serve-streamable-http.js';
import { serveStreamableHttp } from './serve-streamable-http.js';

describe('serveStreamableHttp keeps a bounded number of sessions', () => {
  let server: CountingServer;
  let endpoint: StreamableHttpEndpoint;
  const closers: Array<() => void> = [];

  async function serve(options: StreamableHttpOptions = {}): Promise<string> {
    server = createCountingServer();
    endpoint = await serveStreamableHttp(server, options);
    return endpoint.url;
  }
  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    await endpoint.close();
    await server.shutdown();
  });

  it('builds nothing for a request without a session that is not initialize (POST, GET, DELETE): 400, and no server, transport or session is kept', async () => {
    const url = await serve();
    const answers = [];
    for (let index = 0; index < 20; index += 1) {
      answers.push((await rawRequest(url, { headers: POST_HEADERS, body: { jsonrpc: '2.0', id: index, method: 'tools/list' } })).status);
      answers.push((await rawRequest(url, { method: 'GET', headers: { Accept: 'text/event-stream' } })).status);
      answers.push((await rawRequest(url, { method: 'DELETE' })).status);
    }
    expect(new Set(answers)).toEqual(new Set([400]));
    expect(server.connects).toBe(0);
    expect(endpoint.sessionCount).toBe(0);
    const notJson = await rawRequest(url, { headers: POST_HEADERS, body: undefined });
    expect(notJson.status).toBe(400);
    expect(server.connects).toBe(0);
  });

  it('builds one server for an initialize, and a refused initialize keeps none', async () => {
    const url = await serve();
    await rawSession(url);
    expect([server.connects, endpoint.sessionCount]).toEqual([1, 1]);
    const malformed = await rawRequest(url, { headers: { ...POST_HEADERS, Accept: 'application/json' }, body: INITIALIZE });
    expect(malformed.status).toBe(406);
    expect([server.connects, endpoint.sessionCount, server.dropped]).toEqual([2, 1, 1]);
  });

  it('closes a session idle for sessionIdleMs (measured on the injected clock): its client gets 404, its scope is dropped', async () => {
    let clock = 1_000_000;
    const url = await serve({ sessionIdleMs: 60_000, now: () => clock });
    const kept = await rawSession(url);
    const idle = await rawSession(url);
    clock += 59_999;
    expect(await listOnSession(url, kept)).toBe(200);
    clock += 1;
    // `idle` was last used 60 s ago; `kept` 1 ms ago.
    expect(await listOnSession(url, idle)).toBe(404);
    expect(await listOnSession(url, kept)).toBe(200);
    expect([endpoint.sessionCount, server.dropped]).toEqual([1, 1]);
  });

  it('a new session beyond maxSessions replaces the least recently used idle one, and is refused with 503 while every session has a stream open', async () => {
    const url = await serve({ maxSessions: 2 });
    const first = await rawSession(url);
    const second = await rawSession(url);
    expect(await listOnSession(url, first)).toBe(200); // second is now the least recently used
    const third = await rawSession(url);
    expect(await listOnSession(url, second)).toBe(404);
    expect(await listOnSession(url, first)).toBe(200);
    expect(endpoint.sessionCount).toBe(2);
    // A session with its GET stream open is in use, never replaced.
    await Promise.all([openStream(url, first), openStream(url, third)]);
    const refused = await rawRequest(url, { headers: POST_HEADERS, body: INITIALIZE });
    expect(refused.status).toBe(503);
    expect(refused.body).toContain('too many sessions (the limit is 2');
    expect(endpoint.sessionCount).toBe(2);
  });

  it('refuses settings out of range', async () => {
    server = createCountingServer();
    await expect(serveStreamableHttp(server, { maxSessions: 0 })).rejects.toThrow('mcp.http.maxSessions: 0 is not a positive whole number.');
    await expect(serveStreamableHttp(server, { sessionIdleMs: 1.5 })).rejects.toThrow('mcp.http.sessionIdleMs: 1.5 is not a positive whole number.');
    endpoint = await serveStreamableHttp(server);
  });

  /** Open a session's GET stream and leave it open (closed after the test); resolves once the server answered it. */
  function openStream(url: string, sessionId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(url, { method: 'GET', headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': '2025-06-18' } }, (response) => {
        expect(response.statusCode).toBe(200);
        closers.push(() => request.destroy());
        resolve();
      });
      request.on('error', (error) => (closers.length === 0 ? reject(error) : undefined));
      request.end();
    });
  }
});
