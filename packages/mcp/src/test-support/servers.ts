// Real MCP servers for tests, spawned with this Node over stdio (never npx: nothing is
// downloaded at test time).
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpStdioServerConfig } from '../client/mcp-servers-config.js';

const require = createRequire(import.meta.url);

function bin(name: string): string {
  return require.resolve(`@modelcontextprotocol/${name}/dist/index.js`);
}

/** A fresh temp directory. */
export function tempDir(label: string): string {
  return mkdtempSync(join(tmpdir(), `toolcell-mcp-${label}-`));
}

/** `@modelcontextprotocol/server-everything` over stdio. */
export function everythingServer(env?: Record<string, string>): McpStdioServerConfig {
  return { command: process.execPath, args: [bin('server-everything'), 'stdio'], ...(env ? { env } : {}) };
}

/** `@modelcontextprotocol/server-filesystem` rooted in `root`. */
export function filesystemServer(root: string): McpStdioServerConfig {
  return { command: process.execPath, args: [bin('server-filesystem'), root] };
}

/** `@modelcontextprotocol/server-memory` keeping its graph in a temp file. */
export function memoryServer(): McpStdioServerConfig {
  return { command: process.execPath, args: [bin('server-memory')], env: { MEMORY_FILE_PATH: join(tempDir('memory'), 'memory.jsonl') } };
}

/** The misbehaving fixture server (`fixture-server.mjs`); `exit` makes it exit at once. */
export function fixtureServer(mode?: 'exit'): McpStdioServerConfig {
  const script = fileURLToPath(new URL('./fixture-server.mjs', import.meta.url));
  return { command: process.execPath, args: mode ? [script, mode] : [script] };
}

/** A server whose tools send elicitation, sampling and roots requests to the client (`asking-server.mjs`). */
export function askingServer(): McpStdioServerConfig {
  return { command: process.execPath, args: [fileURLToPath(new URL('./asking-server.mjs', import.meta.url))] };
}
