import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CodeModeMcpServer } from './create-code-mode-mcp-server.js';

/** Serve one client over this process's stdin and stdout (what desktop MCP clients spawn). */
export async function serveStdio(server: CodeModeMcpServer): Promise<void> {
  await server.connect(new StdioServerTransport());
}
