// `toolcell mcp-server` and `toolcell inspect` with a configured MCP server (server-memory,
// spawned with this Node: nothing is downloaded at test time).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToolcell } from './run-toolcell.js';

const require = createRequire(import.meta.url);
const TSX = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));

function workspaceWithMemoryServer(): string {
  const workspace = mkdtempSync(join(tmpdir(), 'toolcell-mcp-app-'));
  writeFileSync(join(workspace, 'notes.md'), '# Notes\n');
  const memory = { command: process.execPath, args: [require.resolve('@modelcontextprotocol/server-memory/dist/index.js')], env: { MEMORY_FILE_PATH: join(workspace, 'memory.jsonl') } };
  writeFileSync(join(workspace, 'toolcell.config.json'), JSON.stringify({ mcpServers: { memory } }));
  return workspace;
}

describe('toolcell with mcpServers', () => {
  it('inspect lists each server with its state and tool count, and the imported tools in the exec description', async () => {
    // The configuration is the workspace's own: its servers start only with consent.
    const result = await runToolcell(['inspect', '--workspace', workspaceWithMemoryServer(), '--mode', 'code_mode_only', '--trust-workspace-servers']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('== MCP servers ==\nmemory (stdio): ready, 10 tools');
    expect(result.stdout).toContain('function mcp__memory__read_graph(');
    // server-memory declares resources: its nine tools and the read_resource tool toolcell adds.
    expect(result.stdout).toContain('function mcp__memory__read_resource(');
  }, 60_000);

  describe('toolcell mcp-server (stdio)', () => {
    const client = new Client({ name: 'desktop-client', version: '1.0.0' });

    beforeAll(async () => {
      const workspace = workspaceWithMemoryServer();
      await client.connect(new StdioClientTransport({ command: TSX, args: ['--conditions=@toolcell/source', CLI, 'mcp-server', '--workspace', workspace, '--approve', 'all', '--trust-workspace-servers'], stderr: 'inherit' }));
    }, 60_000);
    afterAll(async () => {
      await client.close();
    });

    it('serves exec over the demo tools and the imported server, and a program combines both', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('exec');
      expect(tools.find((tool) => tool.name === 'exec')?.description).toContain('function mcp__memory__create_entities(');
      const code = `
        await tools.mcp__memory__create_entities({ entities: [{ name: 'notes.md', entityType: 'file', observations: ['seen'] }] });
        const [files, graph] = await Promise.all([tools.list_files({}), tools.mcp__memory__read_graph({})]);
        return { files, remembered: graph.entities.map((entity) => entity.name) };
      `;
      const result = await client.callTool({ name: 'exec', arguments: { code } });
      expect(result.isError).toBeUndefined();
      expect(result.structuredContent).toMatchObject({ status: 'completed', return_value: { remembered: ['notes.md'] } });
      expect(JSON.stringify((result.structuredContent as { return_value: unknown }).return_value)).toContain('notes.md');
    });
  });
});
