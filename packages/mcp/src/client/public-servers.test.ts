import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CodeMode } from '@toolcell/codemode';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesystemServer, memoryServer, tempDir } from '../test-support/servers.js';
import type { McpServersHandle } from './connect-mcp-servers.js';
import { connectMcpServers } from './connect-mcp-servers.js';

describe('server-filesystem and server-memory inside one program', () => {
  const root = tempDir('files');
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'approve' }) } });
  const transport = createInProcessTransport();
  const codeMode = new CodeMode({ registry, runtime, transport });
  let servers: McpServersHandle;

  beforeAll(async () => {
    writeFileSync(join(root, 'team.txt'), 'Ada\nGrace\n');
    servers = await connectMcpServers({ files: filesystemServer(root), memory: memoryServer() }, { registry });
    codeMode.install();
  }, 60_000);
  afterAll(async () => {
    await codeMode.shutdown();
    await transport.close();
    await servers.close();
  });

  const exec = async (code: string, callId: string) => {
    const outcome = await runtime.dispatch({ name: 'exec', args: code, callId, scope: registry.root });
    return outcome.status === 'ok' ? (outcome.output.result.value as { return_value: unknown }).return_value : outcome.message;
  };

  it('calls tools of two servers in one Promise.all and combines their typed results', async () => {
    const program = `
      await tools.mcp__memory__create_entities({ entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }] });
      const [file, graph] = await Promise.all([
        tools.mcp__files__read_text_file({ path: ${JSON.stringify(join(root, 'team.txt'))} }),
        tools.mcp__memory__read_graph({}),
      ]);
      const names = file.content.trim().split('\\n');
      return names.map((name) => ({ name, known: graph.entities.some((entity) => entity.name === name) }));
    `;
    expect(await exec(program, 'exec_1')).toEqual([
      { name: 'Ada', known: true },
      { name: 'Grace', known: false },
    ]);
  });

  it('turns an isError answer (a file outside the root) into a failure the program can catch', async () => {
    const program = `
      try { await tools.mcp__files__read_text_file({ path: '/etc/hostname' }); return 'read'; }
      catch (error) { return error.code + ' ' + error.message; }
    `;
    expect(await exec(program, 'exec_2')).toMatch(/^EXECUTION_FAILED MCP_TOOL_ERROR: MCP server "files": "read_text_file" reported an error: .*denied/i);
  });

  it('lists both servers in the exec description, with the output schema as the result type', () => {
    const exec = registry.wireView(registry.root).find((declaration) => declaration.name === 'exec');
    expect(exec?.description).toContain('function mcp__files__read_text_file(');
    expect(exec?.description).toContain('function mcp__memory__read_graph(');
    expect(exec?.description).toMatch(/function mcp__files__read_text_file\([\s\S]*?\): Promise<\{ content: string \}>;/);
  });
});
