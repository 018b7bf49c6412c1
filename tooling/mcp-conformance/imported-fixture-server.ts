// The suite's logging and progress fixture tools as an MCP server of their own (the SDK's
// McpServer, stateless Streamable HTTP on 127.0.0.1, in this process). A toolcell tool has
// no MCP session to log or report progress on; an imported server does, and toolcell's MCP
// server passes its log and progress notifications on to the client whose call they are
// about. serve-fixture-tools.ts imports this server and serves its tools under the suite's
// names.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { LoopbackMcpServer } from '@toolcell/mcp/test';
import { serveLoopback } from '@toolcell/mcp/test';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function notifyingServer(): McpServer {
  const server = new McpServer({ name: 'notifying', version: '0.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('test_tool_with_logging', { description: 'Logs three messages at info while it runs.' }, async (extra) => {
    for (const [index, message] of ['Tool execution started', 'Tool processing data', 'Tool execution completed'].entries()) {
      if (index > 0) await pause(50);
      await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: message } });
    }
    return { content: [{ type: 'text', text: 'Tool with logging executed successfully' }] };
  });
  server.registerTool('test_tool_with_progress', { description: 'Reports 0, 50 and 100 of 100 while it runs.' }, async (extra) => {
    const token = extra._meta?.progressToken;
    for (const progress of [0, 50, 100]) {
      if (progress > 0) await pause(50);
      if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress, total: 100 } });
    }
    return { content: [{ type: 'text', text: 'Tool with progress executed successfully' }] };
  });
  return server;
}

/** Serve the notifying server on 127.0.0.1; resolves to its URL and a close function. */
export function serveNotifyingServer(): Promise<LoopbackMcpServer> {
  return serveLoopback(notifyingServer);
}
