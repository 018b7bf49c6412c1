import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CodeModeMcpServer } from './create-code-mode-mcp-server.js';

/** Options of {@link serveStdio}. */
export interface StdioOptions {
  /** Where requests arrive (default `process.stdin`). */
  readonly stdin?: NodeJS.ReadableStream;
  /** Where answers go (default `process.stdout`); nothing else may write to it. */
  readonly stdout?: NodeJS.WritableStream;
}

/**
 * Serve one client over stdin and stdout (what desktop MCP clients spawn). Resolves once
 * the server is listening; the client ending stdin is the host's cue to close.
 */
export async function serveStdio(server: CodeModeMcpServer, options: StdioOptions = {}): Promise<void> {
  await server.connect(new StdioServerTransport(options.stdin as Readable | undefined, options.stdout as Writable | undefined));
}
