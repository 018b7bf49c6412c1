// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { connectMcpServers } from './index.js';

export async function connectExample(root: string): Promise<string> {
  // #region connectMcpServers
  const registry = new ToolRegistry({ mode: 'code_mode' });
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'approve' }) } });
  const servers = await connectMcpServers(
    { files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', root] } },
    { registry },
  );
  for (const status of servers.status()) console.log(`${status.name}: ${status.state}, ${status.toolCount} tools`);

  // The typed result is the tool's structuredContent: { content: '…' }.
  const outcome = await runtime.dispatch({
    name: 'mcp__files__list_allowed_directories',
    args: {},
    callId: 'call_1',
    scope: registry.root,
  });
  await servers.close();
  // #endregion connectMcpServers
  return outcome.status === 'ok' ? JSON.stringify(outcome.output.result.value) : outcome.message;
}
