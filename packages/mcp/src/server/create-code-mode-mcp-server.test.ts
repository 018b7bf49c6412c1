import { CodeMode } from '@toolcell/codemode';
import { ConfigurationError, jsonOutput, textOutput } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { createToolSearchTool } from '@toolcell/sdkgen';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeModeParts } from '../test-support/code-mode-parts.js';
import type { CodeModeMcpServer } from './create-code-mode-mcp-server.js';
import { createCodeModeMcpServer } from './create-code-mode-mcp-server.js';

describe('createCodeModeMcpServer in code_mode', () => {
  const { registry, runtime, codeMode, shutdown } = codeModeParts('code_mode');
  registry.register({
    kind: 'function',
    name: 'count_words',
    description: 'Counts words.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    outputSchema: { type: 'object', properties: { words: { type: 'integer' } } },
    readOnly: true,
    execute: (input) => jsonOutput({ words: String(input.text).split(/\s+/).length }),
  });
  registry.register({ kind: 'function', name: 'shout', description: 'Upper-cases.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, execute: (input) => textOutput(String(input.text).toUpperCase()) });
  const client = new Client({ name: 'test', version: '1' });
  let server: CodeModeMcpServer;

  beforeAll(async () => {
    codeMode.install();
    server = createCodeModeMcpServer({ registry, runtime, codeMode });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    await shutdown();
  });

  it('lists exec and the ordinary tools, with readOnlyHint and object output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['count_words', 'exec', 'shout']);
    expect(tools[0]).toMatchObject({ annotations: { readOnlyHint: true }, outputSchema: { type: 'object' } });
    expect(tools[2]).toMatchObject({ annotations: { readOnlyHint: false } });
    expect(tools[2]?.outputSchema).toBeUndefined();
  });

  it('answers a direct call with the wire output as content and the typed result as structuredContent', async () => {
    expect(await client.callTool({ name: 'count_words', arguments: { text: 'one two three' } })).toMatchObject({ structuredContent: { words: 3 } });
    expect(await client.callTool({ name: 'shout', arguments: { text: 'hi' } })).toMatchObject({ content: [{ type: 'text', text: 'HI' }], structuredContent: { value: 'HI' } });
  });

  it('answers a refused call as isError (a tool that needs approval, with no approval handler)', async () => {
    registry.register({ kind: 'function', name: 'risky', description: 'Needs approval.', inputSchema: { type: 'object' }, needsApproval: true, execute: () => textOutput('ran') });
    const result = await client.callTool({ name: 'risky', arguments: {} });
    expect(result).toMatchObject({ isError: true, structuredContent: { error: { code: 'DENIED' } } });
  });

  it('answers a failed call of a tool with an output schema with the error as content and no structuredContent, so the SDK client sees the error', async () => {
    registry.register({
      kind: 'function',
      name: 'count_lines',
      description: 'Counts lines (the disk fails).',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      outputSchema: { type: 'object', properties: { lines: { type: 'integer' } }, required: ['lines'], additionalProperties: false },
      readOnly: true,
      execute: () => {
        throw new Error('the disk is on fire');
      },
    });
    await client.listTools(); // the client learns the output schema it validates against
    const result = await client.callTool({ name: 'count_lines', arguments: { path: 'a.txt' } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(JSON.stringify(result.content)).toContain('the disk is on fire');
  });

  it('refuses to serve a registry where Code Mode is not installed', () => {
    const other = new ToolRegistry({ mode: 'code_mode' });
    expect(() => createCodeModeMcpServer({ registry: other, runtime: new ToolRuntime({ registry: other }), codeMode })).toThrow(ConfigurationError);
  });
});

describe('createCodeModeMcpServer in code_mode_only with cells and lazy search', () => {
  it('lists exec, wait and tool_search, and no ordinary tool', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: true } });
    registry.register({ kind: 'function', name: 'shout', description: 'Upper-cases.', inputSchema: { type: 'object' }, execute: () => textOutput('HI') });
    registry.register(createToolSearchTool(registry));
    const runtime = new ToolRuntime({ registry });
    const transport = createInProcessTransport();
    const codeMode = new CodeMode({ registry, runtime, transport, cells: true });
    codeMode.install();
    const server = createCodeModeMcpServer({ registry, runtime, codeMode });
    const client = new Client({ name: 'test', version: '1' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['exec', 'tool_search', 'wait']);
    } finally {
      await client.close();
      await server.close();
      await codeMode.shutdown();
      await transport.close();
    }
  });
});
