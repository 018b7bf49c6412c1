// A server (the SDK's McpServer, in this process, over Streamable HTTP on 127.0.0.1) with a
// tool that runs only as a task: it is not offered to programs, and the status says why.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks/stores/in-memory.js';
import { CodeMode } from '@toolcell/codemode';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { describe, expect, it } from 'vitest';
import { loopbackPerSuite } from '../test-support/loopback-per-suite.js';
import { connectMcpServers } from './connect-mcp-servers.js';

function researchServer(): McpServer {
  const server = new McpServer({ name: 'research', version: '1.0.0' }, { capabilities: { tasks: { requests: { tools: { call: {} } } } }, taskStore: new InMemoryTaskStore() });
  server.registerTool('quick-answer', { description: 'Answers at once.', annotations: { readOnlyHint: true } }, () => ({ content: [{ type: 'text', text: '"42"' }] }));
  server.experimental.tasks.registerToolTask(
    'deep-research',
    { description: 'Researches for a long time (task only).', execution: { taskSupport: 'required' } },
    {
      createTask: async (extra) => ({ task: await extra.taskStore.createTask({ ttl: 60_000 }) }),
      getTask: async (extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (extra) => extra.taskStore.getTaskResult(extra.taskId) as never,
    },
  );
  return server;
}

describe('an imported tool that runs only as a task', () => {
  const research = loopbackPerSuite(researchServer);

  it('is not registered, is listed as skipped with the reason, and the exec description does not offer it', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only' });
    const runtime = new ToolRuntime({ registry });
    const transport = createInProcessTransport();
    const codeMode = new CodeMode({ registry, runtime, transport });
    codeMode.install();
    const handle = await connectMcpServers({ research: { url: research().url } }, { registry });
    try {
      expect(handle.status()[0]).toMatchObject({
        state: 'ready',
        toolCount: 1,
        skipped: [{ name: 'mcp__research__deep-research', message: '"mcp__research__deep-research" runs only as an MCP task (execution.taskSupport "required"), which toolcell does not run; this MCP tool is left out.' }],
      });
      expect(registry.get('mcp__research__deep-research')).toBeUndefined();
      const exec = registry.wireView(registry.root).find((declaration) => declaration.name === 'exec');
      expect(exec?.description).toContain('mcp__research__quick_answer(');
      expect(exec?.description).not.toContain('deep_research');
    } finally {
      await handle.close();
      await codeMode.shutdown();
      await transport.close();
    }
  });
});
