import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { renderBindingSignature } from '@toolcell/sdkgen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer, fixtureServer } from '../test-support/servers.js';
import type { McpServersHandle } from './connect-mcp-servers.js';
import { connectMcpServers } from './connect-mcp-servers.js';
import type { McpProgressEvent } from './mcp-server-status.js';

const SPAWN_TIMEOUT = 60_000;

describe('connectMcpServers against server-everything and the fixture server', () => {
  const registry = new ToolRegistry({ mode: 'code_mode' });
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'approve' }) } });
  let handle: McpServersHandle;

  beforeAll(async () => {
    handle = await connectMcpServers({ everything: everythingServer({ GREETING: 'hi' }), fixture: fixtureServer() }, { registry });
  }, SPAWN_TIMEOUT);
  afterAll(async () => {
    await handle.close();
  });

  const call = (name: string, args: unknown, callId = name) => runtime.dispatch({ name, args, callId, scope: registry.root });

  it('registers every tool as mcp__<server>__<tool> and reports each server ready with its tool count', () => {
    const [everything, fixture] = handle.status();
    expect(everything).toMatchObject({ name: 'everything', transport: 'stdio', state: 'ready', error: undefined });
    expect(everything?.toolCount).toBeGreaterThanOrEqual(10);
    expect(fixture).toMatchObject({ name: 'fixture', state: 'ready', toolCount: 11 });
    expect(registry.get('mcp__everything__get-sum')?.description).toBe('Returns the sum of two numbers');
    const binding = registry.plan(registry.root).bindingByName.get('mcp__everything__get-sum');
    expect(binding?.jsName).toBe('mcp__everything__get_sum');
  });

  it('maps readOnlyHint onto readOnly and everything else onto needsApproval', () => {
    expect(registry.get('mcp__everything__echo')).toMatchObject({ readOnly: true, needsApproval: false });
    expect(registry.get('mcp__everything__toggle-simulated-logging')).toMatchObject({ readOnly: false, needsApproval: true });
  });

  it('types a tool with an outputSchema as its structuredContent, and says so in the signature', async () => {
    const outcome = await call('mcp__everything__get-structured-content', { location: 'New York' });
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.output.result.value).toMatchObject({ temperature: expect.any(Number), conditions: expect.any(String) });
    const binding = registry.plan(registry.root).bindingByName.get('mcp__everything__get-structured-content');
    expect(binding && renderBindingSignature(binding)).toMatch(/Promise<\{\s+temperature: number/);
  });

  it('types a single JSON text block as the parsed value', async () => {
    const outcome = await call('mcp__fixture__cancellations', {});
    expect(outcome.status === 'ok' && outcome.output.result.value).toEqual({ cancelled: expect.any(Number) });
  });

  it('types other content as { text, content } and keeps every block on the wire', async () => {
    const outcome = await call('mcp__fixture__mixed', {});
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.output.result.value).toMatchObject({ text: 'a picture', content: expect.arrayContaining([expect.objectContaining({ type: 'image' })]) });
    expect(outcome.output.wire.content).toEqual([
      { type: 'text', text: 'a picture' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      { type: 'text', text: '[resource link] notes <file:///notes.txt> (text/plain)' },
      { type: 'resource', uri: 'file:///a.txt', mimeType: 'text/plain', text: 'embedded text' },
    ]);
    const binding = registry.plan(registry.root).bindingByName.get('mcp__fixture__mixed');
    expect(binding && renderBindingSignature(binding)).toMatch(
      /Promise<unknown \/\* the tool's structuredContent, or the parsed JSON when the tool returned one JSON text block \*\/ \| \{\s+text: string;/,
    );
  });

  it('fails a result that breaks the outputSchema with MCP_OUTPUT_INVALID and the path', async () => {
    const outcome = await call('mcp__fixture__bad-structured', {});
    expect(outcome).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED' });
    expect(outcome.status === 'error' && outcome.message).toMatch(/^MCP_OUTPUT_INVALID: MCP server "fixture": .*count/);
  });

  it('turns isError into a failure carrying the server text (MCP_TOOL_ERROR)', async () => {
    const outcome = await call('mcp__fixture__fail', {});
    expect(outcome).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED', message: 'MCP_TOOL_ERROR: MCP server "fixture": "fail" reported an error: the disk is on fire' });
  });

  it('surfaces progress as tool-progress events, and a cancelled call sends notifications/cancelled', async () => {
    const controller = new AbortController();
    const started = new Promise<McpProgressEvent>((resolve) => handle.events.once('tool-progress', resolve));
    const outcome = runtime.dispatch({ name: 'mcp__fixture__block', args: {}, callId: 'block_1', scope: registry.root, signal: controller.signal });
    expect(await started).toEqual({ serverName: 'fixture', toolName: 'mcp__fixture__block', callId: 'block_1', progress: 1, total: 2, message: 'started' });
    controller.abort();
    expect(await outcome).toMatchObject({ status: 'error', code: 'ABORTED' });
    const count = await call('mcp__fixture__cancellations', {}, 'count_after_cancel');
    expect(count.status === 'ok' && count.output.result.value).toEqual({ cancelled: 1 });
  });

  it('gives the child PATH and the configured env only', async () => {
    const outcome = await call('mcp__everything__get-env', {});
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    const env = outcome.output.result.value as Record<string, string>;
    expect(Object.keys(env).filter((key) => key !== 'PWD' && key !== 'SHLVL' && key !== '_').sort()).toEqual(['GREETING', 'PATH']);
  });
});
