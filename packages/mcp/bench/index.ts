// `pnpm bench` for @toolcell/mcp: what toolcell adds on top of the MCP SDK client for a call
// into a real server (server-everything's get-sum, over stdio), as a direct call through the
// runtime and as a nested call inside exec; and the exec description's tokens for the three
// reference servers against their direct declarations.
import { printTable, runSuite } from '@toolcell/bench-kit';
import { CodeMode } from '@toolcell/codemode';
import { jsonOutput } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { loadTokenCounter } from '@toolcell/sdkgen';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectMcpServers } from '../src/node.js';
import { everythingServer, filesystemServer, memoryServer, tempDir } from '../src/test-support/servers.js';

const CALLS = 100;
const ARGS = { a: 1, b: 2 };

async function overhead(): Promise<void> {
  const direct = new Client({ name: 'bench', version: '0' });
  const server = everythingServer();
  await direct.connect(new StdioClientTransport({ command: server.command, args: [...(server.args ?? [])], stderr: 'ignore' }));

  const registry = new ToolRegistry({ mode: 'code_mode' });
  registry.register({ kind: 'function', name: 'noop', description: 'Does nothing.', inputSchema: { type: 'object' }, readOnly: true, execute: () => jsonOutput(null) });
  const runtime = new ToolRuntime({ registry });
  const transport = createInProcessTransport();
  const codeMode = new CodeMode({ registry, runtime, transport });
  codeMode.install();
  const servers = await connectMcpServers({ everything: everythingServer() }, { registry });
  let counter = 0;
  const dispatch = async (name: string, args: unknown) => {
    const outcome = await runtime.dispatch({ name, args, callId: `bench_${(counter += 1)}`, scope: registry.root });
    if (outcome.status !== 'ok') throw new Error(`${outcome.code}: ${outcome.message}`);
  };
  const loop = `for (let i = 0; i < ${CALLS}; i += 1) await tools.mcp__everything__get_sum(${JSON.stringify(ARGS)});`;

  const results = await runSuite('mcp — a call into server-everything get-sum over stdio', {
    'SDK client directly': () => direct.callTool({ name: 'get-sum', arguments: ARGS }),
    'toolcell runtime, direct call': () => dispatch('mcp__everything__get-sum', ARGS),
    'exec: trivial': () => dispatch('exec', 'return 1;'),
    [`exec: ${CALLS} sequential nested calls`]: () => dispatch('exec', loop),
    [`exec: ${CALLS} sequential nested calls of a local no-op`]: () => dispatch('exec', `for (let i = 0; i < ${CALLS}; i += 1) await tools.noop({});`),
  }, { iterations: 200 });
  const p50 = (task: string) => results.find((row) => row.name === task)?.p50 ?? Number.NaN;
  const sdk = p50('SDK client directly');
  const nested = (p50(`exec: ${CALLS} sequential nested calls`) - p50('exec: trivial')) / CALLS;
  const nestedNoop = (p50(`exec: ${CALLS} sequential nested calls of a local no-op`) - p50('exec: trivial')) / CALLS;
  printTable('mcp — per-call overhead over the SDK client (target: < 50 µs)', [
    { path: 'direct call through the runtime', 'p50 µs': (p50('toolcell runtime, direct call') * 1000).toFixed(1), 'SDK p50 µs': (sdk * 1000).toFixed(1), 'added µs': ((p50('toolcell runtime, direct call') - sdk) * 1000).toFixed(1) },
    { path: 'nested call of a local no-op (the code-mode cost alone)', 'p50 µs': (nestedNoop * 1000).toFixed(1), 'SDK p50 µs': '—', 'added µs': '—' },
    { path: 'nested call inside exec (in-process sandbox)', 'p50 µs': (nested * 1000).toFixed(1), 'SDK p50 µs': (sdk * 1000).toFixed(1), 'added µs': ((nested - sdk) * 1000).toFixed(1) },
  ]);
  await codeMode.shutdown();
  await transport.close();
  await servers.close();
  await direct.close();
}

async function descriptionTokens(): Promise<void> {
  const config = { everything: everythingServer(), files: filesystemServer(tempDir('bench')), memory: memoryServer() };
  const direct = new ToolRegistry({ mode: 'direct' });
  const codeOnly = new ToolRegistry({ mode: 'code_mode_only' });
  const transport = createInProcessTransport();
  const codeMode = new CodeMode({ registry: codeOnly, runtime: new ToolRuntime({ registry: codeOnly }), transport });
  codeMode.install();
  const handles = await Promise.all([connectMcpServers(config, { registry: direct }), connectMcpServers(config, { registry: codeOnly })]);
  const declarations = direct.wireView(direct.root);
  const countTokens = await loadTokenCounter();
  const exec = codeOnly.wireView(codeOnly.root).find((declaration) => declaration.name === 'exec');
  printTable('mcp — what the model is sent for server-everything + server-filesystem + server-memory', [
    { view: `direct: ${declarations.length} declarations (JSON)`, tokens: countTokens(JSON.stringify(declarations)) },
    { view: 'code_mode_only: the exec description', tokens: countTokens(exec?.description ?? '') },
  ]);
  await codeMode.shutdown();
  await transport.close();
  await Promise.all(handles.map((handle) => handle.close()));
}

await overhead();
await descriptionTokens();
