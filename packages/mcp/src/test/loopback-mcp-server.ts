// An SDK McpServer in this process, served over stateless Streamable HTTP on 127.0.0.1 (a
// fresh server and transport per request, as the SDK's stateless example does).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** A running {@link serveLoopback} endpoint. */
export interface LoopbackMcpServer {
  /** The endpoint, `http://127.0.0.1:<port>/mcp`. */
  readonly url: string;
  /** Stop listening and drop every open connection. */
  close(): Promise<void>;
}

/**
 * Serve the MCP server `build` makes over stateless Streamable HTTP on 127.0.0.1 (any free
 * port), a fresh server and transport per request: an MCP server to import
 * (`connectMcpServers({ name: { url } })`) in a test, in the test's own process.
 */
export async function serveLoopback(build: () => McpServer): Promise<LoopbackMcpServer> {
  const http = createServer((request, response) => {
    const server = build();
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
