// A server (the SDK's McpServer, in this process, over Streamable HTTP on 127.0.0.1) whose
// tool returns embedded resources: they reach the wire as resource parts, not as text.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { loopbackPerSuite } from '../test-support/loopback-per-suite.js';
import { connectMcpServers } from './connect-mcp-servers.js';

function filesServer(): McpServer {
  const server = new McpServer({ name: 'files', version: '1.0.0' });
  server.registerTool('open', { description: 'Opens two files.', annotations: { readOnlyHint: true } }, () => ({
    content: [
      { type: 'text', text: 'two files' },
      { type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } },
      { type: 'resource', resource: { uri: 'file:///logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' } },
      { type: 'resource', resource: { uri: 'file:///raw', blob: 'AAAA' } },
    ],
  }));
  return server;
}

describe('an imported tool that returns embedded resources', () => {
  const files = loopbackPerSuite(filesServer);

  it('keeps each one a resource part with its URI, MIME type and text or blob', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode' });
    const runtime = new ToolRuntime({ registry });
    const handle = await connectMcpServers({ files: { url: files().url } }, { registry });
    try {
      const outcome = await runtime.dispatch({ name: 'mcp__files__open', args: {}, callId: 'open', scope: registry.root });
      expect(outcome.status).toBe('ok');
      expect(outcome.status === 'ok' && outcome.output.wire.content).toEqual([
        { type: 'text', text: 'two files' },
        { type: 'resource', uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
        { type: 'resource', uri: 'file:///logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
        { type: 'resource', uri: 'file:///raw', blob: 'AAAA' },
      ]);
    } finally {
      await handle.close();
    }
  });
});
