// Resumability: a client whose SSE stream broke during a call reconnects with Last-Event-ID
// and still gets the call's answer; the events kept per session are bounded.
import { setTimeout as delay } from 'node:timers/promises';
import { textOutput } from '@toolcell/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeModeParts } from '../test-support/code-mode-parts.js';
import { POST_HEADERS } from '../test-support/raw-http.js';
import { createCodeModeMcpServer } from './create-code-mode-mcp-server.js';
import type { CodeModeMcpServer } from './create-code-mode-mcp-server.js';
import type { StreamableHttpEndpoint, StreamableHttpOptions } from './serve-streamable-http.js';
import { serveStreamableHttp } from './serve-streamable-http.js';
import { SessionEventStore } from './session-event-store.js';

describe('SessionEventStore', () => {
  const message = (id: number) => ({ jsonrpc: '2.0' as const, id, result: {} });

  it('replays the events of the same stream after the given one', async () => {
    const store = new SessionEventStore({ maxEvents: 10, maxBytes: 10_000 });
    const first = await store.storeEvent('a', message(1));
    await store.storeEvent('b', message(2));
    const third = await store.storeEvent('a', message(3));
    const replayed: [string, unknown][] = [];
    expect(await store.replayEventsAfter(first, { send: async (id, sent) => void replayed.push([id, sent]) })).toBe('a');
    expect(replayed).toEqual([[third, message(3)]]);
    expect(await store.getStreamIdForEventId(third)).toBe('a');
  });

  it('keeps at most maxEvents and maxBytes, oldest dropped first; a dropped event cannot be resumed from', async () => {
    const bytes = JSON.stringify(message(1)).length;
    const store = new SessionEventStore({ maxEvents: 3, maxBytes: bytes * 2 });
    const ids = [];
    for (let index = 1; index <= 4; index += 1) ids.push(await store.storeEvent('a', message(index)));
    expect(store.size).toBe(2);
    expect(await store.getStreamIdForEventId(ids[1]!)).toBeUndefined();
    await expect(store.replayEventsAfter(ids[1]!, { send: () => Promise.resolve() })).rejects.toThrow(`event ${ids[1]!} is no longer kept; send the request again.`);
    const byCount = new SessionEventStore({ maxEvents: 3, maxBytes: 1_000_000 });
    for (let index = 1; index <= 5; index += 1) await byCount.storeEvent('a', message(index));
    expect(byCount.size).toBe(3);
  });
});

/** The SSE events of a response, as they arrive. */
async function* sseEvents(response: Response): AsyncGenerator<{ id?: string; data?: string }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: { id?: string; data?: string } = {};
      for (const line of block.split('\n')) {
        if (line.startsWith('id:')) event.id = line.slice(3).trim();
        if (line.startsWith('data:')) event.data = line.slice(5).trim();
      }
      yield event;
    }
  }
}

describe('serveStreamableHttp resumability', () => {
  const parts = codeModeParts('code_mode');
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  let server: CodeModeMcpServer;
  const endpoints: StreamableHttpEndpoint[] = [];
  const PROTOCOL = '2025-11-25';
  const CALL = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'exec', arguments: { code: 'return await tools.gate({});' } } };

  beforeAll(() => {
    parts.registry.register({
      kind: 'function',
      name: 'gate',
      description: 'Answers once the test opens it.',
      inputSchema: { type: 'object', properties: {} },
      readOnly: true,
      execute: async () => {
        await gate;
        return textOutput('opened');
      },
    });
    parts.codeMode.install();
    server = createCodeModeMcpServer({ registry: parts.registry, runtime: parts.runtime, codeMode: parts.codeMode });
  });
  afterAll(async () => {
    openGate();
    for (const endpoint of endpoints) await endpoint.close();
    await parts.shutdown();
  });

  async function session(options: StreamableHttpOptions): Promise<{ url: string; headers: Record<string, string> }> {
    const endpoint = await serveStreamableHttp(server, options);
    endpoints.push(endpoint);
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    const answer = await fetch(endpoint.url, { method: 'POST', headers: POST_HEADERS, body: JSON.stringify(initialize) });
    await answer.body?.cancel();
    const headers = { 'Mcp-Session-Id': answer.headers.get('mcp-session-id')!, 'Mcp-Protocol-Version': PROTOCOL };
    const initialized = await fetch(endpoint.url, { method: 'POST', headers: { ...POST_HEADERS, ...headers }, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    await initialized.body?.cancel();
    return { url: endpoint.url, headers };
  }

  it('a client whose stream broke during a call reconnects with Last-Event-ID and gets the answer', async () => {
    const { url, headers } = await session({});
    const broken = new AbortController();
    const call = await fetch(url, { method: 'POST', headers: { ...POST_HEADERS, ...headers }, body: JSON.stringify(CALL), signal: broken.signal });
    expect(call.headers.get('content-type')).toContain('text/event-stream');
    const priming = await sseEvents(call).next();
    const lastEventId = priming.value?.id;
    expect(lastEventId).toMatch(/^\d+$/);
    broken.abort();
    openGate();
    const resume = () => fetch(url, { headers: { Accept: 'text/event-stream', ...headers, 'Last-Event-ID': lastEventId! } });
    let resumed = await resume();
    // 409 until the server has seen the broken stream go (a moment after the abort); then it resumes.
    for (let attempt = 0; resumed.status === 409 && attempt < 200; attempt += 1) {
      await resumed.body?.cancel();
      await delay(25);
      resumed = await resume();
    }
    expect(resumed.status).toBe(200);
    let answer: { id?: number; result?: { structuredContent?: { return_value?: unknown } } } | undefined;
    for await (const event of sseEvents(resumed)) {
      const sent = event.data === undefined || event.data === '' ? undefined : (JSON.parse(event.data) as typeof answer);
      if (sent?.id === 2) {
        answer = sent;
        break;
      }
    }
    await resumed.body?.cancel().catch(() => undefined);
    expect(answer?.result?.structuredContent?.return_value).toBe('opened');
  });

  it('with resumability: false, streams carry no event ids (nothing to resume from)', async () => {
    const { url, headers } = await session({ resumability: false });
    const call = await fetch(url, { method: 'POST', headers: { ...POST_HEADERS, ...headers }, body: JSON.stringify(CALL) });
    const first = await sseEvents(call).next();
    expect(first.value?.id).toBeUndefined();
    expect(JSON.parse(first.value!.data!)).toMatchObject({ id: 2, result: { structuredContent: { return_value: 'opened' } } });
  });

  it('refuses limits that are not positive whole numbers', async () => {
    await expect(serveStreamableHttp(server, { resumability: { maxEvents: 0 } })).rejects.toThrow('mcp.http.resumability.maxEvents: 0 is not a positive whole number.');
  });
});
