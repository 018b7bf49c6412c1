// One SDK McpServer on a loopback port for a describe block: served before its tests, closed after.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll } from 'vitest';
import type { LoopbackMcpServer } from '../test/loopback-mcp-server.js';
import { serveLoopback } from '../test/loopback-mcp-server.js';

/** Serve `factory`'s server for the enclosing describe block; the getter answers it once served. */
export function loopbackPerSuite(factory: () => McpServer): () => LoopbackMcpServer {
  let served: LoopbackMcpServer | undefined;
  beforeAll(async () => {
    served = await serveLoopback(factory);
  });
  afterAll(async () => {
    await served?.close();
  });
  return () => {
    if (served === undefined) throw new Error('the loopback server is served in beforeAll: read it inside a test');
    return served;
  };
}
