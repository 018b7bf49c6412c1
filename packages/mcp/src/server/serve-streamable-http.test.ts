import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ElicitResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServers } from '../client/connect-mcp-servers.js';
import type { CodeModeStack } from '../test-support/code-mode-stack.js';
import { createCodeModeStack } from '../test-support/code-mode-stack.js';
import type { McpProgressEvent } from '../client/mcp-server-status.js';
import { createCountingServer } from '../test-support/counting-server.js';
import { INITIALIZE, POST_HEADERS, rawRequest } from '../test-support/raw-http.js';
import type { StreamableHttpEndpoint } from './serve-streamable-http.js';
import { serveStreamableHttp } from './serve-streamable-http.js';

const TOKEN = 'secret-token';

describe('toolcell as a code-mode MCP server over Streamable HTTP', () => {
  let stack: CodeModeStack;
  let endpoint: StreamableHttpEndpoint;
  const clients: Client[] = [];
  let answer: ElicitResult = { action: 'accept', content: { approve: true } };
  const asked: string[] = [];

  async function connect(options: { readonly elicitation: boolean; readonly token?: string }): Promise<Client> {
    const client = new Client({ name: 'test-client', version: '1.0.0' }, { capabilities: options.elicitation ? { elicitation: { form: {} } } : {} });
    if (options.elicitation) {
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        asked.push(request.params.message);
        return answer;
      });
    }
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${options.token ?? TOKEN}` } } });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    stack = await createCodeModeStack({ fallback: { ask: () => ({ type: 'deny', reason: 'policy: no approvals without a person' }) } });
    endpoint = await serveStreamableHttp(stack.server, { token: TOKEN });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await endpoint.close();
    await stack.close();
  });

  const returnValue = (result: Awaited<ReturnType<Client['callTool']>>): unknown => (result.structuredContent as { return_value?: unknown } | undefined)?.return_value;

  it('listens on 127.0.0.1 and lists exec (taking { code }) with its generated description', async () => {
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect({ elicitation: true });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['exec']);
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['code'] });
    expect(tools[0]?.description).toContain('function mcp__fixture__cancellations(');
    expect(tools[0]?.description).toContain('function launch_rocket(');
  });

  it('runs exec with nested calls into an imported server: content for the model, the typed value as structuredContent', async () => {
    const client = await connect({ elicitation: true });
    const result = await client.callTool({ name: 'exec', arguments: { code: 'const counts = await tools.mcp__fixture__cancellations({}); text("counted"); return counts;' } });
    expect(result.isError).toBeUndefined();
    expect(returnValue(result)).toEqual({ cancelled: expect.any(Number) });
    expect(JSON.stringify(result.content)).toContain('counted');
  });

  it('asks the client by elicitation for a nested call that needs approval: accepted runs it', async () => {
    const client = await connect({ elicitation: true });
    answer = { action: 'accept', content: { approve: true } };
    asked.length = 0;
    const result = await client.callTool({ name: 'exec', arguments: { code: 'return await tools.launch_rocket({ target: "moon" });' } });
    expect(returnValue(result)).toBe('launched to moon');
    expect(asked).toEqual(['Allow the tool "launch_rocket" (from the running program) to run with {"target":"moon"}?']);
  });

  it('a declined elicitation denies the nested call', async () => {
    const client = await connect({ elicitation: true });
    answer = { action: 'decline' };
    const result = await client.callTool({ name: 'exec', arguments: { code: 'try { await tools.launch_rocket({ target: "mars" }); return "launched"; } catch (error) { return error.code + ": " + error.message; }' } });
    answer = { action: 'accept', content: { approve: true } };
    expect(returnValue(result)).toMatch(/^DENIED: .*the user answered "decline"/);
  });

  it('falls back to the configured policy for a client without elicitation', async () => {
    const client = await connect({ elicitation: false });
    const result = await client.callTool({ name: 'exec', arguments: { code: 'try { await tools.launch_rocket({ target: "venus" }); return "launched"; } catch (error) { return error.code + ": " + error.message; }' } });
    expect(returnValue(result)).toMatch(/^DENIED: .*policy: no approvals without a person/);
  });

  it("cancels the program and its nested call when the client cancels, sending notifications/cancelled on to the imported server", async () => {
    const client = await connect({ elicitation: true });
    const controller = new AbortController();
    const blocked = new Promise<McpProgressEvent>((resolve) => stack.imported.events.once('tool-progress', resolve));
    const running = client.callTool({ name: 'exec', arguments: { code: 'await tools.mcp__fixture__block({}); return "not cancelled";' } }, undefined, { signal: controller.signal });
    expect(await blocked).toMatchObject({ toolName: 'mcp__fixture__block', message: 'started' });
    controller.abort('user pressed stop');
    await expect(running).rejects.toThrow();
    // The nested call was cancelled on the imported server (notifications/cancelled reached it).
    const counted = await client.callTool({ name: 'exec', arguments: { code: 'return await tools.mcp__fixture__cancellations({});' } });
    expect(returnValue(counted)).toEqual({ cancelled: 1 });
  });

  it('refuses a request without the bearer token (401) and one with a wrong token', async () => {
    const status = await rawStatus(endpoint.url, { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' });
    expect(status).toBe(401);
    await expect(connect({ elicitation: false, token: 'wrong' })).rejects.toThrow(/401|bearer/i);
  });

  it('reports each finished nested call of a running program as progress', async () => {
    const client = await connect({ elicitation: true });
    const controller = new AbortController();
    const firstProgress = new Promise<Progress>((resolve) => {
      const running = client.callTool({ name: 'exec', arguments: { code: 'await tools.mcp__fixture__cancellations({}); await tools.mcp__fixture__block({});' } }, undefined, {
        signal: controller.signal,
        onprogress: resolve,
      });
      running.catch(() => undefined);
    });
    // The program is held in `block` until cancelled, so this progress cannot race the result.
    expect(await firstProgress).toMatchObject({ progress: 1, message: 'tools call mcp__fixture__cancellations: ok' });
    controller.abort('done');
  });

  it('is importable by connectMcpServers over Streamable HTTP with headers (url config)', async () => {
    const registry = new ToolRegistry();
    const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'approve' }) } });
    const remote = await connectMcpServers({ remote: { url: endpoint.url, headers: { Authorization: `Bearer ${TOKEN}` } } }, { registry });
    try {
      expect(remote.status()[0]).toMatchObject({ transport: 'streamable-http', state: 'ready', toolCount: 1 });
      const outcome = await runtime.dispatch({ name: 'mcp__remote__exec', args: { code: 'return 6 * 7;' }, callId: 'remote_1', scope: registry.root });
      // exec lists no outputSchema; the importer keeps the structuredContent it sends (the typed-results rule).
      expect(outcome.status === 'ok' && outcome.output.result.value).toMatchObject({ status: 'completed', return_value: 42 });
    } finally {
      await remote.close();
    }
  });

  it('accepts the bearer scheme in any case (RFC 7235)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const answer = await rawRequest(endpoint.url, { headers: { ...POST_HEADERS, Authorization: `${scheme} ${TOKEN}` }, body: INITIALIZE });
      expect(answer.status).toBe(200);
    }
    expect((await rawRequest(endpoint.url, { headers: { ...POST_HEADERS, Authorization: `Basic ${TOKEN}` }, body: INITIALIZE })).status).toBe(401);
    expect((await rawRequest(endpoint.url, { headers: { ...POST_HEADERS, Authorization: `Bearer ${TOKEN}x` }, body: INITIALIZE })).status).toBe(401);
  });

  it('refuses a foreign Origin (403), and accepts loopback origins and requests without one', async () => {
    const initialize = (origin?: string): Promise<number> =>
      rawRequest(endpoint.url, { headers: { ...POST_HEADERS, Authorization: `Bearer ${TOKEN}`, ...(origin === undefined ? {} : { Origin: origin }) }, body: INITIALIZE }).then((answer) => answer.status);
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null', 'http://127.0.0.2:3000', 'file://']) {
      expect([origin, await initialize(origin)]).toEqual([origin, 403]);
    }
    for (const origin of [undefined, 'http://localhost:5173', 'http://127.0.0.1:8080', 'http://[::1]:3000', 'https://localhost']) {
      expect([origin, await initialize(origin)]).toEqual([origin, 200]);
    }
  });

  it('refuses a request for another Host (403)', async () => {
    expect(await rawStatus(endpoint.url, { Host: 'evil.example', Authorization: `Bearer ${TOKEN}` })).toBe(403);
  });
});

function rawStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end('{}');
  });
}

describe('serveStreamableHttp settings', () => {
  it('refuses a non-loopback address unless allowRemote is set', async () => {
    const server = { connect: () => Promise.resolve(), close: () => Promise.resolve(), askClient: () => Promise.resolve(undefined) };
    await expect(serveStreamableHttp(server, { host: '0.0.0.0' })).rejects.toThrow('mcp.http.host: "0.0.0.0" is not a loopback address; set allowRemote to listen on it.');
  });

  it('accepts the configured allowedOrigins besides loopback ones, and refuses one that is not an origin', async () => {
    const server = createCountingServer();
    await expect(serveStreamableHttp(server, { allowedOrigins: ['not a url'] })).rejects.toThrow('mcp.http.allowedOrigins: "not a url" is not an origin; write it as scheme://host[:port].');
    const endpoint = await serveStreamableHttp(server, { allowedOrigins: ['https://app.example.com/'] });
    try {
      const status = (origin: string): Promise<number> => rawRequest(endpoint.url, { headers: { ...POST_HEADERS, Origin: origin }, body: INITIALIZE }).then((answer) => answer.status);
      expect(await status('https://app.example.com')).toBe(200);
      expect(await status('https://app.example.com:8443')).toBe(403);
      expect(await status('http://localhost:3000')).toBe(200);
    } finally {
      await endpoint.close();
      await server.shutdown();
    }
  });
});
