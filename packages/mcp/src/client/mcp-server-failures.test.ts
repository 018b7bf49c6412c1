import { textOutput } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureServer } from '../test-support/servers.js';
import type { ConnectMcpServersOptions, McpServersHandle } from './connect-mcp-servers.js';
import { connectMcpServers } from './connect-mcp-servers.js';
import type { McpServerStatus } from './mcp-server-status.js';
import type { McpServersConfig } from './mcp-servers-config.js';

const SPAWN_TIMEOUT = 60_000;
const handles: McpServersHandle[] = [];

afterEach(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
});

async function setUp(config: McpServersConfig, options: Omit<ConnectMcpServersOptions, 'registry'> = {}, registry = new ToolRegistry()) {
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'approve' }) } });
  const handle = await connectMcpServers(config, { registry, ...options });
  handles.push(handle);
  let count = 0;
  const call = (name: string, args: unknown = {}) => runtime.dispatch({ name, args, callId: `call_${(count += 1)}`, scope: registry.root });
  return { registry, handle, call };
}

describe('MCP servers that misbehave', () => {
  it(
    'reports a command that does not exist as failed, and the other servers keep working',
    async () => {
      const { handle, call } = await setUp({ ghost: { command: 'toolcell-no-such-mcp-server' }, fixture: fixtureServer() });
      const [ghost, fixture] = handle.status();
      expect(ghost).toMatchObject({ name: 'ghost', state: 'failed', toolCount: 0 });
      expect(ghost?.error).toMatch(/^MCP_SERVER_EXITED: MCP server "ghost": could not start: .*ENOENT/);
      expect(fixture).toMatchObject({ state: 'ready' });
      expect(await call('mcp__fixture__cancellations')).toMatchObject({ status: 'ok' });
    },
    SPAWN_TIMEOUT,
  );

  it(
    'reports a server that exits at once with its stderr',
    async () => {
      const { handle } = await setUp({ quitter: fixtureServer('exit') });
      expect(handle.status()[0]).toMatchObject({ state: 'failed', toolCount: 0 });
      expect(handle.status()[0]?.error).toMatch(/^MCP_SERVER_EXITED: .*could not start.*fixture: refusing to start/);
    },
    SPAWN_TIMEOUT,
  );

  it(
    'fails a call that gets no answer with MCP_TIMEOUT',
    async () => {
      // Far over what an answer takes on a busy machine: the call after the hang must not time out too.
      const { call } = await setUp({ fixture: fixtureServer() }, { timeoutMs: 5_000 });
      const outcome = await call('mcp__fixture__hang');
      expect(outcome).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED' });
      expect(outcome.status === 'error' && outcome.message).toMatch(/^MCP_TIMEOUT: MCP server "fixture": "hang" did not answer in time/);
      expect(await call('mcp__fixture__cancellations')).toMatchObject({ status: 'ok' });
    },
    SPAWN_TIMEOUT,
  );

  it(
    'ends the call in flight when the server crashes, reports it once, and restarts on the next call',
    async () => {
      const { handle, call } = await setUp({ fixture: fixtureServer() }, { restart: { initialDelayMs: 0 } });
      const exits: McpServerStatus[] = [];
      handle.events.on('server-status', (status) => {
        if (status.state === 'exited') exits.push(status);
      });
      const crashed = await call('mcp__fixture__crash');
      expect(crashed.status === 'error' && crashed.message).toMatch(/^MCP_SERVER_EXITED: MCP server "fixture": /);
      expect(handle.status()[0]).toMatchObject({ state: 'exited', toolCount: 11 });
      expect(await call('mcp__fixture__cancellations')).toMatchObject({ status: 'ok', output: { result: { value: { cancelled: 0 } } } });
      expect(handle.status()[0]).toMatchObject({ state: 'ready', restarts: 1, error: undefined });
      expect(exits).toHaveLength(1);
    },
    SPAWN_TIMEOUT,
  );

  it(
    'with restarts off, a crashed server fails later calls at once with MCP_SERVER_EXITED',
    async () => {
      const { handle, call } = await setUp({ fixture: fixtureServer() }, { restart: false });
      await call('mcp__fixture__crash');
      const later = await call('mcp__fixture__cancellations');
      expect(later.status === 'error' && later.message).toMatch(/^MCP_SERVER_EXITED: MCP server "fixture": .*; restarts are off\.$/);
      expect(handle.status()[0]).toMatchObject({ state: 'exited', restarts: 0 });
    },
    SPAWN_TIMEOUT,
  );

  it(
    'closes a server that sends a malformed message: MCP_PROTOCOL_ERROR, then a restart',
    async () => {
      const { call } = await setUp({ fixture: fixtureServer() }, { restart: { initialDelayMs: 0 } });
      const outcome = await call('mcp__fixture__garbage');
      expect(outcome.status === 'error' && outcome.message).toMatch(/^MCP_PROTOCOL_ERROR: MCP server "fixture": sent a malformed message/);
      expect(await call('mcp__fixture__cancellations')).toMatchObject({ status: 'ok' });
    },
    SPAWN_TIMEOUT,
  );

  it(
    'fails a 50 MB result with MCP_RESULT_TOO_LARGE and keeps working',
    async () => {
      const { call } = await setUp({ fixture: fixtureServer() }, { restart: { initialDelayMs: 0 } });
      const outcome = await call('mcp__fixture__huge', { megabytes: 50 });
      expect(outcome.status === 'error' && outcome.message).toMatch(/^MCP_RESULT_TOO_LARGE: MCP server "fixture": a message was larger than maxResultBytes \(16777216 bytes\)/);
      expect(await call('mcp__fixture__cancellations')).toMatchObject({ status: 'ok' });
    },
    SPAWN_TIMEOUT,
  );

  it(
    'leaves out a tool whose name a built-in already has, and both keep working',
    async () => {
      const registry = new ToolRegistry();
      registry.register({ kind: 'function', name: 'mcp__fixture__mixed', description: 'built in', inputSchema: { type: 'object' }, execute: () => textOutput('built-in ran') });
      const { handle, call } = await setUp({ fixture: fixtureServer() }, {}, registry);
      expect(handle.status()[0]).toMatchObject({ state: 'ready', toolCount: 10, skipped: [{ name: 'mcp__fixture__mixed', message: expect.stringMatching(/already registered/) }] });
      expect(await call('mcp__fixture__mixed')).toMatchObject({ status: 'ok', output: { result: { value: 'built-in ran' } } });
      expect(await call('mcp__fixture__cancellations')).toMatchObject({ status: 'ok' });
      await handle.close();
      expect(registry.list().map((tool) => tool.name)).toEqual(['mcp__fixture__mixed']);
    },
    SPAWN_TIMEOUT,
  );

  it(
    'follows notifications/tools/list_changed: tools added and removed, in name order',
    async () => {
      const { registry, call } = await setUp({ fixture: fixtureServer() });
      const added = new Promise((resolve) => registry.events.on('registry-change', (change) => change.name === 'mcp__fixture__extra-alpha' && change.type === 'register' && resolve(change)));
      expect(await call('mcp__fixture__add-tool', { name: 'alpha' })).toMatchObject({ status: 'ok' });
      await added;
      const names = registry.wireView(registry.root).map((declaration) => declaration.name);
      expect(names).toContain('mcp__fixture__extra-alpha');
      expect(names).toEqual([...names].sort());
      expect(await call('mcp__fixture__extra-alpha')).toMatchObject({ status: 'ok', output: { result: { value: { text: 'ran extra-alpha' } } } });
      const removed = new Promise((resolve) => registry.events.on('registry-change', (change) => change.name === 'mcp__fixture__extra-alpha' && change.type === 'unregister' && resolve(change)));
      await call('mcp__fixture__remove-tool', { name: 'extra-alpha' });
      await removed;
      expect(registry.get('mcp__fixture__extra-alpha')).toBeUndefined();
    },
    SPAWN_TIMEOUT,
  );
});
