// `tsx bench/peer-memory.ts [size]`: the memory of a pooled child process or worker thread,
// for a pool of `size` (default 2) with the default limits, idle (1 s after all are ready)
// and after 100 programs of 100 sequential calls (`size` at a time). A child: its resident
// memory (VmRSS, Linux /proc). A worker: how much the host process's resident memory grew
// (the first worker also brings the QuickJS module the host compiles and shares), and the
// worker's own V8 heap (`v8.getHeapStatistics()` inside it, written to a file by a wrapper
// around the real entry). Loads the built package (run `npx tsc -b tsconfig.build.json`
// first). Figures are printed, never asserted.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as PooledTransportModule from '../src/node/pooled-transport.js';
import type * as WorkerCommandModule from '../src/node/worker-command.js';
import type * as NodeEntry from '../src/node.js';
import type * as SandboxWorkerModule from '../src/node/sandbox-worker.js';

const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
const load = async <Module>(path: string): Promise<Module> => (await import(pathToFileURL(join(dist, path)).href)) as Module;
const nodeEntry = await load<typeof NodeEntry>('node.js');
const { createPooledTransport } = await load<typeof PooledTransportModule>('node/pooled-transport.js');
const { SandboxWorker } = await load<typeof SandboxWorkerModule>('node/sandbox-worker.js');
const { workerThreadOptions } = await load<typeof WorkerCommandModule>('node/worker-command.js');

const MIB = 2 ** 20;
const size = Number(process.argv[2] ?? 2);
const SOURCE = 'let sum = 0; for (let i = 0; i < 100; i += 1) sum += (await tools.echo({ i })).i; return sum;';
const echo = { jsName: 'echo', canonicalName: 'echo', description: 'Echo the input.', kind: 'function' as const };
const pause = (milliseconds: number): Promise<void> => new Promise((settle) => setTimeout(settle, milliseconds));
const rssOf = (pid: number | 'self'): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
const mib = (bytes: number): string => (bytes / MIB).toFixed(1);

/** Where each worker writes its heap statistics (by thread id) every 100 ms. */
const heapDir = mkdtempSync(join(tmpdir(), 'toolcell-heap-'));
const workerEntry = pathToFileURL(join(dist, 'node/worker/worker-entry.js')).href;
const reportingEntry = `
const { writeFileSync } = require('node:fs');
const { getHeapStatistics } = require('node:v8');
const { threadId } = require('node:worker_threads');
setInterval(() => writeFileSync(${JSON.stringify(heapDir)} + '/' + threadId + '.json', JSON.stringify(getHeapStatistics())), 100).unref();
import(${JSON.stringify(workerEntry)});`;
const heaps = (): Array<{ used_heap_size: number; total_heap_size: number; external_memory?: number }> =>
  readdirSync(heapDir).map((name) => JSON.parse(readFileSync(join(heapDir, name), 'utf8')));

async function run100(transport: NodeEntry.ChildProcessTransport): Promise<void> {
  for (let round = 0; round < 100 / size; round += 1) {
    const results = await Promise.all(
      Array.from({ length: size }, () => transport.run({ source: SOURCE, bindings: [echo], onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true as const, value: call.input })) })),
    );
    for (const result of results) if (result.status !== 'completed') throw new Error(`bench program failed: ${result.error?.message}`);
  }
}

async function whenIdle(transport: NodeEntry.ChildProcessTransport): Promise<void> {
  while (transport.poolStats().idle.length < size) await pause(20);
  await pause(1_000);
}

console.log(`load average ${loadavg()[0]?.toFixed(1)}; Node ${process.version}`);
{
  const hostBefore = rssOf('self');
  const transport = nodeEntry.createChildProcessTransport({ pool: { size } });
  await whenIdle(transport);
  const children = (): string => transport.poolStats().idle.map((pid) => mib(rssOf(pid))).join(' + ');
  console.log(`child process, idle: RSS ${children()} MiB; host RSS +${mib(rssOf('self') - hostBefore)} MiB`);
  await run100(transport);
  await pause(300);
  console.log(`child process, after 100 programs: RSS ${children()} MiB; host RSS +${mib(rssOf('self') - hostBefore)} MiB`);
  await transport.close();
}
{
  const hostBefore = rssOf('self');
  const transport = createPooledTransport({ pool: { size } }, (options) => new SandboxWorker({ ...options, thread: { ...workerThreadOptions(options), entry: reportingEntry, eval: true } }));
  await whenIdle(transport);
  const workerHeaps = (): string => heaps().map((heap) => `${mib(heap.used_heap_size)} used / ${mib(heap.total_heap_size)} total`).join(' + ');
  console.log(`worker thread, idle: host RSS +${mib(rssOf('self') - hostBefore)} MiB for ${size}; V8 heap ${workerHeaps()} MiB`);
  await run100(transport);
  await pause(300);
  console.log(`worker thread, after 100 programs: host RSS +${mib(rssOf('self') - hostBefore)} MiB for ${size}; V8 heap ${workerHeaps()} MiB`);
  await transport.close();
}
