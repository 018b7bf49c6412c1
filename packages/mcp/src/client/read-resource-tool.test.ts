// Following a resource link: an SDK McpServer (in this process, over loopback HTTP) with a
// text and a binary resource and a tool that returns a resource_link; a program reads the
// linked resource through the read_resource tool toolcell adds for a server that declares
// resources.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { renderBindingSignature } from '@toolcell/sdkgen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeModeParts } from '../test-support/code-mode-parts.js';
import type { LoopbackMcpServer } from '../test/loopback-mcp-server.js';
import { serveLoopback } from '../test/loopback-mcp-server.js';
import type { McpServersHandle } from './connect-mcp-servers.js';
import { connectMcpServers } from './connect-mcp-servers.js';

const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]).toString('base64');

function docsServer(): McpServer {
  const server = new McpServer({ name: 'docs', version: '1.0.0' });
  server.registerResource('guide', new ResourceTemplate('docs://guides/{slug}', { list: undefined }), { mimeType: 'text/markdown' }, (uri, { slug }) => ({
    contents: [{ uri: uri.href, mimeType: 'text/markdown', text: `# ${String(slug)}\nRead me first.` }],
  }));
  server.registerResource('logo', 'docs://logo.bin', { mimeType: 'application/octet-stream' }, (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/octet-stream', blob: LOGO }] }));
  server.registerTool('find_guide', { description: 'Finds the guide on a topic (a link).', annotations: { readOnlyHint: true } }, () => ({
    content: [{ type: 'resource_link', uri: 'docs://guides/setup', name: 'setup guide', mimeType: 'text/markdown' }],
  }));
  return server;
}

function toolsOnlyServer(): McpServer {
  const server = new McpServer({ name: 'plain', version: '1.0.0' });
  server.registerTool('ping', { description: 'Pings.', annotations: { readOnlyHint: true } }, () => ({ content: [{ type: 'text', text: 'pong' }] }));
  return server;
}

/** A server with resources and a tool of its own named read_resource. */
function ownReaderServer(): McpServer {
  const server = new McpServer({ name: 'own', version: '1.0.0' });
  server.registerResource('note', 'own://note', {}, (uri) => ({ contents: [{ uri: uri.href, text: 'a note' }] }));
  server.registerTool('read_resource', { description: 'The server\'s own reader.', annotations: { readOnlyHint: true } }, () => ({ content: [{ type: 'text', text: '"own"' }] }));
  return server;
}

describe('read_resource for an imported server that declares resources', () => {
  const { registry, runtime, codeMode, shutdown } = codeModeParts('code_mode');
  let docs: LoopbackMcpServer;
  let plain: LoopbackMcpServer;
  let own: LoopbackMcpServer;
  let handle: McpServersHandle;

  beforeAll(async () => {
    docs = await serveLoopback(docsServer);
    plain = await serveLoopback(toolsOnlyServer);
    own = await serveLoopback(ownReaderServer);
    handle = await connectMcpServers({ docs: { url: docs.url }, plain: { url: plain.url }, own: { url: own.url } }, { registry });
    codeMode.install();
  });
  afterAll(async () => {
    await handle.close();
    await shutdown();
    await docs.close();
    await plain.close();
    await own.close();
  });

  const exec = async (code: string) => {
    const outcome = await runtime.dispatch({ name: 'exec', args: code, callId: `exec_${code.length}`, scope: registry.root });
    if (outcome.status !== 'ok') throw new Error(outcome.message);
    return outcome.output.result.value;
  };

  it('adds mcp__<server>__read_resource, read-only and typed, only to the server that declares resources', () => {
    expect(handle.status().map((status) => [status.name, status.toolCount])).toEqual([
      ['docs', 2],
      ['plain', 1],
      ['own', 1],
    ]);
    expect(registry.get('mcp__docs__read_resource')).toMatchObject({ readOnly: true, needsApproval: false });
    expect(registry.get('mcp__plain__read_resource')).toBeUndefined();
    const binding = registry.plan(registry.root).bindingByName.get('mcp__docs__read_resource');
    expect(binding && renderBindingSignature(binding)).toContain(
      [
        'Promise<{',
        '  contents: ({',
        '    uri: string;',
        '    mimeType?: string;',
        '    text: string; // the resource as text',
        '  } | {',
        '    uri: string;',
        '    mimeType?: string;',
        '    blob: string; // the resource as base64',
        '  })[];',
        '}>',
      ].join('\n'),
    );
  });

  it('leaves a server\'s own read_resource tool in place', async () => {
    expect(registry.get('mcp__own__read_resource')?.description).toBe("The server's own reader.");
    const outcome = await runtime.dispatch({ name: 'mcp__own__read_resource', args: { uri: 'own://note' }, callId: 'own', scope: registry.root });
    expect(outcome.status === 'ok' && outcome.output.result.value).toBe('own');
    expect(handle.status()[2]?.skipped).toEqual([]);
  });

  it('lets a program follow the resource_link one tool returned and read the text', async () => {
    const read = await exec(`
      const found = await tools.mcp__docs__find_guide({});
      const link = found.content.find((block) => block.type === 'resource_link');
      return await tools.mcp__docs__read_resource({ uri: link.uri });
    `);
    expect(read).toMatchObject({ status: 'completed', return_value: { contents: [{ uri: 'docs://guides/setup', mimeType: 'text/markdown', text: '# setup\nRead me first.' }] } });
  });

  it('returns a binary resource as base64 in blob with its mimeType, and the wire as an embedded resource', async () => {
    const outcome = await runtime.dispatch({ name: 'mcp__docs__read_resource', args: { uri: 'docs://logo.bin' }, callId: 'logo', scope: registry.root });
    expect(outcome.status === 'ok' && outcome.output.result.value).toEqual({ contents: [{ uri: 'docs://logo.bin', mimeType: 'application/octet-stream', blob: LOGO }] });
    expect(outcome.status === 'ok' && outcome.output.wire.content).toEqual([{ type: 'resource', uri: 'docs://logo.bin', mimeType: 'application/octet-stream', blob: LOGO }]);
  });

  it('fails an unknown URI with MCP_PROTOCOL_ERROR and the server message', async () => {
    const outcome = await runtime.dispatch({ name: 'mcp__docs__read_resource', args: { uri: 'nowhere://x' }, callId: 'missing', scope: registry.root });
    expect(outcome).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED' });
    expect(outcome.status === 'error' && outcome.message).toMatch(/^MCP_PROTOCOL_ERROR: MCP server "docs": "read_resource" failed with JSON-RPC error -32602: .*Resource nowhere:\/\/x not found/);
  });
});
