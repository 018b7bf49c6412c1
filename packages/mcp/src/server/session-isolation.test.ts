import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeModeStack } from '../test-support/code-mode-stack.js';
import { createCodeModeStack } from '../test-support/code-mode-stack.js';
import type { StreamableHttpEndpoint } from './serve-streamable-http.js';
import { serveStreamableHttp } from './serve-streamable-http.js';

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

const text = (result: ToolResult): string => (result.content as Array<{ type: string; text?: string }>).map((part) => part.text ?? '').join('\n');
const structured = (result: ToolResult): Record<string, unknown> => (result.structuredContent ?? {}) as Record<string, unknown>;

// Two real SDK clients over Streamable HTTP on 127.0.0.1, as `toolcell mcp-server --http --cells` serves them.
describe('each MCP session has a code-mode session of its own', () => {
  let stack: CodeModeStack;
  let endpoint: StreamableHttpEndpoint;
  const clients: Client[] = [];

  async function connect(): Promise<Client> {
    const client = new Client({ name: 'isolation-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
    clients.push(client);
    return client;
  }

  const exec = (client: Client, code: string): Promise<ToolResult> => client.callTool({ name: 'exec', arguments: { code } });
  const wait = (client: Client, args: Record<string, unknown>): Promise<ToolResult> => client.callTool({ name: 'wait', arguments: args });

  beforeAll(async () => {
    stack = await createCodeModeStack({ maxLiveCells: 1, fallback: { ask: () => ({ type: 'approve' }) } });
    endpoint = await serveStreamableHttp(stack.server);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await endpoint.close();
    await stack.close();
  });

  it("client B can neither list, observe, terminate nor load client A's cells and stored values, and A's live cell does not use B's limit", async () => {
    const alice = await connect();
    const bob = await connect();
    expect(structured(await exec(alice, 'store("secret", "alice-only"); return "stored";'))).toMatchObject({ status: 'completed' });
    const running = structured(await exec(alice, 'text("alice output"); yield_control(); await tools.mcp__fixture__block({});'));
    expect(running).toMatchObject({ status: 'running', cell_id: expect.any(String) });
    const cellId = running.cell_id as string;

    expect(text(await wait(bob, { list: true }))).not.toContain(cellId);
    expect(structured(await wait(bob, { cell_id: cellId, yield_time_ms: 0 }))).toMatchObject({ status: 'missing' });
    expect(structured(await wait(bob, { cell_id: cellId, terminate: true }))).toMatchObject({ status: 'missing' });
    expect(structured(await exec(bob, 'return load("secret") ?? "nothing";'))).toMatchObject({ return_value: 'nothing' });
    // Alice's running cell fills her limit of one, not Bob's.
    const bobCell = structured(await exec(bob, 'yield_control(); await tools.mcp__fixture__block({});'));
    expect(bobCell).toMatchObject({ status: 'running' });
    expect(text(await exec(alice, 'return 1;'))).toMatch(/live cells|limit/i);

    // Alice still has all of hers.
    expect(text(await wait(alice, { list: true }))).toContain(cellId);
    expect(structured(await wait(alice, { cell_id: cellId, terminate: true }))).toMatchObject({ status: 'terminated' });
    expect(structured(await exec(alice, 'return load("secret");'))).toMatchObject({ return_value: 'alice-only' });
    await wait(bob, { cell_id: bobCell.cell_id, terminate: true });
  });

  it("a session that ends (DELETE) has its scope dropped and its running cell terminated", async () => {
    const dropped: string[] = [];
    stack.registry.events.on('scope-drop', (scope) => dropped.push(scope.id));
    const transport = new StreamableHTTPClientTransport(new URL(endpoint.url));
    const carol = new Client({ name: 'isolation-test', version: '1.0.0' });
    await carol.connect(transport);
    const running = structured(await exec(carol, 'yield_control(); await tools.mcp__fixture__block({});'));
    expect(running).toMatchObject({ status: 'running' });
    const observer = await connect();
    const cancelledBefore = structured(await exec(observer, 'return await tools.mcp__fixture__cancellations({});')).return_value as { cancelled: number };
    await transport.terminateSession();
    await carol.close();
    expect(dropped).toEqual([expect.stringMatching(/^mcp-session-/)]);
    // Terminating the cell cancels its nested call on the imported server (as soon as the termination lands).
    const cancellations = async (): Promise<number> => (structured(await exec(observer, 'return await tools.mcp__fixture__cancellations({});')).return_value as { cancelled: number }).cancelled;
    await expect.poll(cancellations, { timeout: 15_000 }).toBe(cancelledBefore.cancelled + 1);
  });
});
