// `tsx bench/peer-warm-up.ts [rounds]`: what the pool's warm-up of its peers buys. For each
// transport (child process, worker thread), pools of 2 with and without the warm-up, in
// alternating rounds: 600 programs of 100 sequential calls back to back (the pool replaces
// a peer every 200), p50/p95/p99 per 100 programs, and the CPU of the whole run (the host's
// threads and its reaped children). Loads the built package
// (run `npx tsc -b tsconfig.build.json` first), so peers run as plain Node, the way users run
// them. Figures are printed, never asserted.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as NodeEntry from '../src/node.js';

const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'dist');
const nodeEntry = (await import(pathToFileURL(join(dist, 'node.js')).href)) as typeof NodeEntry;

const PROGRAMS = 600;
const SOURCE = 'let sum = 0; for (let i = 0; i < 100; i += 1) sum += (await tools.echo({ i })).i; return sum;';
const echo = { jsName: 'echo', canonicalName: 'echo', description: 'Echo the input.', kind: 'function' as const };
const rounds = Number(process.argv[2] ?? 2);

/** CPU ms of this process and of its reaped children (Linux /proc: clock ticks of 10 ms). */
function processTreeCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0) * 10;
}

const percentile = (sorted: readonly number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;

async function measure(kind: 'child' | 'worker', warmUp: boolean): Promise<string> {
  const options = { pool: { size: 2, warmUp } };
  const transport = kind === 'child' ? nodeEntry.createChildProcessTransport(options) : nodeEntry.createWorkerTransport(options);
  while (transport.poolStats().idle.length < 2) await new Promise((settle) => setTimeout(settle, 5));
  const cpuBefore = processTreeCpuMs();
  const times: number[] = [];
  for (let index = 0; index < PROGRAMS; index += 1) {
    const began = performance.now();
    const result = await transport.run({ source: SOURCE, bindings: [echo], onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true as const, value: call.input })) });
    if (result.status !== 'completed') throw new Error(`bench program failed: ${result.error?.message}`);
    times.push(performance.now() - began);
  }
  await transport.close();
  const cpuMs = processTreeCpuMs() - cpuBefore;
  const blocks: string[] = [];
  for (let first = 0; first < PROGRAMS; first += 100) {
    const sorted = times.slice(first, first + 100).sort((a, b) => a - b);
    blocks.push([0.5, 0.95, 0.99].map((share) => percentile(sorted, share).toFixed(0)).join('/'));
  }
  const total = times.reduce((sum, time) => sum + time, 0);
  return `${kind.padEnd(6)} warm-up ${warmUp ? 'on ' : 'off'} | p50/p95/p99 ms per 100: ${blocks.join('  ')} | wall ${(total / 1000).toFixed(1)} s, CPU ${(cpuMs / 1000).toFixed(1)} s`;
}

for (let round = 0; round < rounds; round += 1) {
  for (const kind of ['worker', 'child'] as const) {
    // Alternate which goes first, so a drift in the machine's load falls on both.
    for (const warmUp of round % 2 === 0 ? [false, true] : [true, false]) {
      const load = loadavg()[0]?.toFixed(1);
      console.log(`${await measure(kind, warmUp)} | load ${load}`);
    }
  }
}
