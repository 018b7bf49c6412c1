// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import { CodeMode } from '@toolcell/codemode';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { ElicitationApproval, createCodeModeMcpServer } from './index.js';
import { connectMcpServers, serveStreamableHttp } from './node.js';

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

export async function serveExample(): Promise<string> {
  // #region createCodeModeMcpServer
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  // Approvals go to the MCP client's user by elicitation; without it, this policy decides.
  const approval = new ElicitationApproval({ fallback: { ask: () => ({ type: 'deny', reason: 'no one to ask' }) } });
  const runtime = new ToolRuntime({ registry, approval });
  const transport = createInProcessTransport();
  const codeMode = new CodeMode({ registry, runtime, transport });
  codeMode.install();
  const server = createCodeModeMcpServer({ registry, runtime, codeMode, approval });
  const endpoint = await serveStreamableHttp(server, { port: 0, token: 'change-me' });
  console.log(`MCP clients connect to ${endpoint.url} with "Authorization: Bearer change-me"`);
  // #endregion createCodeModeMcpServer
  await endpoint.close();
  await codeMode.shutdown();
  await transport.close();
  return endpoint.url;
}
