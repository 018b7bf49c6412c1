// Run by serve-streamable-http.slow.test.ts in a node process of its own, with --expose-gc,
// so that nothing else allocates in the heap it measures:
//   node --expose-gc --conditions=@toolcell/source --import tsx http-retention-probe.ts <requests> <cycles>
// It serves a code-mode MCP server over Streamable HTTP, sends `requests` requests without
// a session (POST tools/list and GET, alternately), then runs `cycles` SDK clients that
// connect and close (an SDK client's close() sends no DELETE: each abandons its session),
// and prints one line of JSON: the heap after each phase, after forced collection.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { serveStreamableHttp } from '../server/serve-streamable-http.js';
import { createCountingServer } from './counting-server.js';
import { POST_HEADERS, rawRequest } from './raw-http.js';

/** The probe's line of output. */
export interface HttpRetentionReport {
  /** Heap used (bytes) after the warm-up, after the requests, after the cycles. */
  readonly baseline: number;
  readonly afterRequests: number;
  readonly afterCycles: number;
  /** Sessions open at the end, and SDK servers built in all. */
  readonly sessionCount: number;
  readonly connects: number;
  /** Connect attempts refused (503) and retried. */
  readonly retried: number;
}

const [requests = 10_000, cycles = 2_000] = process.argv.slice(2).map(Number);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

async function heapUsed(): Promise<number> {
  for (let round = 0; round < 4; round += 1) {
    gc!();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

const server = createCountingServer();
const endpoint = await serveStreamableHttp(server);
let retried = 0;

async function sessionless(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const answer =
      index % 2 === 0
        ? await rawRequest(endpoint.url, { headers: POST_HEADERS, body: { jsonrpc: '2.0', id: index, method: 'tools/list' } })
        : await rawRequest(endpoint.url, { method: 'GET', headers: { Accept: 'text/event-stream' } });
    if (answer.status !== 400) throw new Error(`a request without a session answered ${answer.status}`);
  }
}

async function connectAndClose(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    for (let attempt = 0; ; attempt += 1) {
      const client = new Client({ name: 'probe', version: '1' });
      try {
        await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
        await client.close();
        break;
      } catch (error) {
        await client.close();
        // A session whose client just closed may not have been seen to close yet: try again.
        if (attempt >= 20 || !String(error).includes('503')) throw error;
        retried += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  }
}

await sessionless(200);
await connectAndClose(100);
const baseline = await heapUsed();
await sessionless(requests);
const afterRequests = await heapUsed();
await connectAndClose(cycles);
const afterCycles = await heapUsed();
const report: HttpRetentionReport = { baseline, afterRequests, afterCycles, sessionCount: endpoint.sessionCount, connects: server.connects, retried };
process.stdout.write(`${JSON.stringify(report)}\n`);
await endpoint.close();
await server.shutdown();
process.exit(0);
