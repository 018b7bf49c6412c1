// What imported servers may ask of the host: elicitation, sampling and roots, each
// answered by the host's handler when given and refused by name when not.
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { afterEach, describe, expect, it } from 'vitest';
import { askingServer } from '../test-support/servers.js';
import type { ConnectMcpServersOptions, McpServersHandle } from './connect-mcp-servers.js';
import { connectMcpServers } from './connect-mcp-servers.js';
import type { McpElicitationRequest, McpSamplingRequest } from './mcp-client-host.js';

const SPAWN_TIMEOUT = 60_000;

describe('the client capabilities a host offers imported servers', () => {
  let handle: McpServersHandle | undefined;
  afterEach(async () => {
    await handle?.close();
  });

  async function connect(host: Omit<ConnectMcpServersOptions, 'registry'>) {
    const registry = new ToolRegistry({ mode: 'direct' });
    handle = await connectMcpServers({ asking: askingServer() }, { registry, ...host });
    const runtime = new ToolRuntime({ registry });
    return async (tool: string) => {
      const outcome = await runtime.dispatch({ name: `mcp__asking__${tool}`, args: {}, callId: tool, scope: registry.root });
      return outcome.status === 'ok' ? { ok: outcome.output.result.value } : { error: outcome.message };
    };
  }

  it('forwards an elicitation to the host with the server name and fills the schema defaults the user left out', async () => {
    const asked: McpElicitationRequest[] = [];
    const call = await connect({
      elicit: (request) => {
        asked.push(request);
        return Promise.resolve({ action: 'accept', content: { name: 'Ada' } });
      },
    });
    await expect(call('ask-user')).resolves.toEqual({ ok: { action: 'accept', content: { name: 'Ada', age: 30 } } });
    expect(asked).toMatchObject([{ serverName: 'asking', message: 'Who are you?', requestedSchema: { required: ['name'] } }]);
  }, SPAWN_TIMEOUT);

  it('passes a sampling request to the host and its answer back as the assistant message', async () => {
    const asked: McpSamplingRequest[] = [];
    const call = await connect({
      sample: (request) => {
        asked.push(request);
        return Promise.resolve({ model: 'host-model', content: { type: 'text', text: 'hi' }, stopReason: 'endTurn' });
      },
    });
    await expect(call('sample')).resolves.toEqual({ ok: { role: 'assistant', model: 'host-model', content: { type: 'text', text: 'hi' }, stopReason: 'endTurn' } });
    expect(asked[0]?.params).toMatchObject({ maxTokens: 10, messages: [{ role: 'user' }] });
  }, SPAWN_TIMEOUT);

  it('lists the roots the host gives', async () => {
    const call = await connect({ roots: [{ uri: 'file:///work/project', name: 'workspace' }] });
    await expect(call('roots')).resolves.toEqual({ ok: { roots: [{ uri: 'file:///work/project', name: 'workspace' }] } });
  }, SPAWN_TIMEOUT);

  it('refuses each capability the host does not offer, naming the missing handler', async () => {
    const call = await connect({});
    await expect(call('ask-user')).resolves.toEqual({ error: expect.stringContaining("toolcell's MCP client does not offer elicitation (asking the user): the host gave connectMcpServers no elicit handler") });
    await expect(call('sample')).resolves.toEqual({ error: expect.stringContaining('does not offer sampling (asking the model): the host gave connectMcpServers no sample handler') });
    await expect(call('roots')).resolves.toEqual({ error: expect.stringContaining('does not offer roots: the host gave connectMcpServers no roots') });
  }, SPAWN_TIMEOUT);
});
