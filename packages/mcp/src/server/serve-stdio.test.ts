import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('toolcell as a code-mode MCP server over stdio', () => {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  let changes = 0;
  let onChange: () => void = () => undefined;

  beforeAll(async () => {
    const script = fileURLToPath(new URL('../test-support/serve-stack-stdio.ts', import.meta.url));
    const tsx = require.resolve('tsx');
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changes += 1;
      onChange();
    });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', tsx, '--conditions=@toolcell/source', script], stderr: 'inherit' }));
  }, 60_000);
  afterAll(async () => {
    await client.close();
  });

  it('lists exec and runs a program whose nested calls reach the imported server', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['exec']);
    const result = await client.callTool({ name: 'exec', arguments: { code: 'return await tools.mcp__fixture__cancellations({});' } });
    expect(result.structuredContent).toMatchObject({ status: 'completed', return_value: { cancelled: 0 } });
  });

  it('passes an imported server’s list change on to the client, and the new tool is in the exec description', async () => {
    const changed = new Promise<void>((resolve) => {
      onChange = resolve;
    });
    const before = changes;
    const result = await client.callTool({ name: 'exec', arguments: { code: 'return await tools.mcp__fixture__add_tool({ name: "beta" });' } });
    expect(result.structuredContent).toMatchObject({ return_value: { text: 'added' } });
    if (changes === before) await changed;
    const { tools } = await client.listTools();
    expect(tools[0]?.description).toContain('function mcp__fixture__extra_beta(');
  });

  it('answers a call of an unknown tool as an isError result', async () => {
    const result = await client.callTool({ name: 'mcp__fixture__hang', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('UNKNOWN_TOOL');
  });
});
