// The suite's logging and progress fixture tools as an MCP server of their own (the SDK's
// McpServer, stateless Streamable HTTP on 127.0.0.1, in this process). A toolcell tool has
// no MCP session to log or report progress on; an imported server does, and toolcell's MCP
// server passes its log and progress notifications on to the client whose call they are
// about. serve-fixture-tools.ts imports this server and serves its tools under the suite's
// names.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

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
export async function serveNotifyingServer(): Promise<{ readonly url: string; close(): Promise<void> }> {
  const http = createServer((request, response) => {
    const server = notifyingServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void server.close());
    void server.connect(transport).then(() => transport.handleRequest(request, response));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
