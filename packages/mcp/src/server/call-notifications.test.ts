// Progress and log messages of an imported server (an SDK McpServer in this process, over
// loopback HTTP) reach the client of toolcell's own MCP server while the call they are
// about runs, and the host's events; `logging/setLevel` filters what the client gets.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { LoggingMessageNotification, Progress } from '@modelcontextprotocol/sdk/types.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeModeParts } from '../test-support/code-mode-parts.js';
import type { McpServersHandle } from '../client/connect-mcp-servers.js';
import { connectMcpServers } from '../client/connect-mcp-servers.js';
import type { McpLogEvent } from '../client/mcp-server-status.js';
import type { LoopbackMcpServer } from '../test/loopback-mcp-server.js';
import { serveLoopback } from '../test/loopback-mcp-server.js';
import type { CodeModeMcpServer } from './create-code-mode-mcp-server.js';
import { createCodeModeMcpServer } from './create-code-mode-mcp-server.js';
import { logLevelPasses } from './call-notifications.js';

/** A server whose one tool reports progress (when asked) and logs at debug and warning before it answers. */
function workServer(): McpServer {
  const server = new McpServer({ name: 'work', version: '1.0.0' }, { capabilities: { logging: {} } });
  server.registerTool('work', { description: 'Works, and says so.', annotations: { readOnlyHint: true } }, async (extra) => {
    const token = extra._meta?.progressToken;
    if (token !== undefined) await extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, progress: 1, total: 2, message: 'half' } });
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'debug', logger: 'worker', data: 'starting' } });
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'warning', data: 'disk almost full' } });
    return { content: [{ type: 'text', text: '"done"' }] };
  });
  return server;
}

const PROGRAM = { code: 'return await tools.mcp__work__work({});' };

describe('progress and log messages of imported servers, passed to toolcell\'s MCP clients', () => {
  const { registry, runtime, codeMode, shutdown } = codeModeParts('code_mode');
  const hostLogs: McpLogEvent[] = [];
  let work: LoopbackMcpServer;
  let imported: McpServersHandle;
  let server: CodeModeMcpServer;
  let client: Client;
  let clientLogs: LoggingMessageNotification['params'][];

  beforeAll(async () => {
    work = await serveLoopback(workServer);
    imported = await connectMcpServers({ work: { url: work.url } }, { registry });
    imported.events.on('server-log', (event) => hostLogs.push(event));
    codeMode.install();
    server = createCodeModeMcpServer({ registry, runtime, codeMode, importedServers: imported });
  });
  beforeAll(async () => {
    client = new Client({ name: 'test', version: '1' });
    clientLogs = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => void clientLogs.push(notification.params));
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
  });
  afterEach(() => {
    clientLogs.length = 0;
    hostLogs.length = 0;
  });
  afterAll(async () => {
    await client.close();
    await server.close();
    await shutdown();
    await imported.close();
    await work.close();
  });

  it('declares logging', () => {
    expect(client.getServerCapabilities()?.logging).toEqual({});
  });

  it('sends a program\'s client the imported tool\'s progress while it runs, then the finished nested call, increasing', async () => {
    const progress: Progress[] = [];
    const result = await client.callTool({ name: 'exec', arguments: PROGRAM }, undefined, { onprogress: (event) => void progress.push(event) });
    expect(result.isError).toBeUndefined();
    expect(progress).toEqual([
      { progress: 1, message: 'tools call mcp__work__work progress 1/2: half' },
      { progress: 2, message: 'tools call mcp__work__work: ok' },
    ]);
  });

  it('passes a direct call\'s progress on as the imported server sent it', async () => {
    const progress: Progress[] = [];
    await client.callTool({ name: 'mcp__work__work', arguments: {} }, undefined, { onprogress: (event) => void progress.push(event) });
    expect(progress).toEqual([{ progress: 1, total: 2, message: 'half' }]);
  });

  it('passes every log message about the call on until the client sets a level, then those at or above it', async () => {
    await client.callTool({ name: 'exec', arguments: PROGRAM });
    expect(clientLogs).toEqual([
      { level: 'debug', logger: 'mcp:work:worker', data: 'starting' },
      { level: 'warning', logger: 'mcp:work', data: 'disk almost full' },
    ]);
    clientLogs.length = 0;
    await expect(client.setLoggingLevel('warning')).resolves.toEqual({});
    await client.callTool({ name: 'exec', arguments: PROGRAM });
    expect(clientLogs).toEqual([{ level: 'warning', logger: 'mcp:work', data: 'disk almost full' }]);
    await client.setLoggingLevel('error');
    await client.callTool({ name: 'mcp__work__work', arguments: {} });
    expect(clientLogs).toEqual([{ level: 'warning', logger: 'mcp:work', data: 'disk almost full' }]);
  });

  it('gives the host every log message of an imported server, with the calls it may be about', async () => {
    const outcome = await runtime.dispatch({ name: 'mcp__work__work', args: {}, callId: 'host_call', scope: registry.root });
    expect(outcome.status).toBe('ok');
    expect(hostLogs).toEqual([
      { serverName: 'work', level: 'debug', logger: 'worker', data: 'starting', callIds: ['host_call'] },
      { serverName: 'work', level: 'warning', logger: undefined, data: 'disk almost full', callIds: ['host_call'] },
    ]);
    // A call of the host's own is no MCP client's: nothing reached the client.
    expect(clientLogs).toEqual([]);
  });
});

describe('logLevelPasses', () => {
  it('passes everything before a level is set, then that level and the more severe ones', () => {
    expect(logLevelPasses('debug', undefined)).toBe(true);
    expect(logLevelPasses('info', 'notice')).toBe(false);
    expect(logLevelPasses('notice', 'notice')).toBe(true);
    expect(logLevelPasses('emergency', 'warning')).toBe(true);
  });
});
