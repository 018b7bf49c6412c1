// The isolated transports side by side (child process, worker thread; in process beside them): a trivial program,
// 100 sequential calls (per call) and Promise.all of 100, back to back and paced (5 ms
// idle before each run), p50/p95, with the ratio to the raw floor measured in the same
// run; memory per pooled child or worker; and the two ways a worker can wake the host.
// `pnpm bench` runs it from bench/index.ts; every figure is a named row of `cases`.
import { readFileSync, readdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { printTable } from '@toolcell/bench-kit';
import { BENCH_PROGRAMS, pacedFigures } from '@toolcell/bench-kit/quickjs-floor';
import type { BenchProgramName } from '@toolcell/bench-kit/quickjs-floor';
import type * as RootEntry from '../src/index.js';
import type * as NodeEntry from '../src/node.js';

type Task = () => Promise<void> | void;
const PACED_IDLE_MS = 5;
const CPU_RUNS = 200;
const echo = { jsName: 'echo', canonicalName: 'echo', description: 'Echo the input.', kind: 'function' as const };

/** One measured case: `name` is "<transport> · <program>[, paced]". */
export interface TransportCase {
  readonly name: string;
  readonly p50: number;
  readonly p95: number;
  /** p50 over the floor's p50 for the same program and pacing, when there is a floor. */
  readonly ratio?: number;
  /** CPU time per run (ms) on each side, back to back, where this platform can tell (Linux). */
  readonly cpu?: RunCpu;
  /** The guest's CPU per run (ms, p50), by the engine's own clock in the peer (`stats.cpuMs`): its turns, wherever they ran. */
  readonly guestCpuMs?: number;
}

/** CPU time one run took (ms): the host's main thread, and the peer (the child process, or the worker's threads). */
export interface RunCpu {
  readonly hostMs: number;
  readonly peerMs: number;
}

const TICK_MS = 10;

/** User + system CPU (ms) of the threads of `pid` (all of them, or only `tid`), from /proc; NaN elsewhere. */
function threadCpuMs(pid: number | 'self', select: (tid: string) => boolean = () => true): number {
  if (process.platform !== 'linux') return Number.NaN;
  try {
    let ticks = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      if (!select(tid)) continue;
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** The CPU spent so far by the host's main thread and by `peer`: a child process, or the host's other threads (a worker's). */
function cpuNow(peer: number | 'threads' | undefined): RunCpu {
  const main = String(process.pid);
  const hostMs = threadCpuMs('self', (tid) => tid === main);
  if (peer === 'threads') return { hostMs, peerMs: threadCpuMs('self', (tid) => tid !== main) };
  return { hostMs, peerMs: peer === undefined ? 0 : threadCpuMs(peer) };
}

/**
 * CPU per run of `source` back to back (ms), on each side: measured apart from the timed
 * cases, on a transport of one peer that is never replaced meanwhile (a replacement's start
 * would count), over {@link CPU_RUNS} runs after a warm-up. Undefined for the in-process
 * transport (no peer) and where /proc cannot tell.
 */
async function cpuPerRun(transportName: string, nodeEntry: typeof NodeEntry, source: string): Promise<RunCpu | undefined> {
  if (process.platform !== 'linux' || transportName === 'in process') return undefined;
  const pool = { size: 1, maxProgramsPerProcess: 1_000_000 };
  const transport = transportName === 'worker thread' ? nodeEntry.createWorkerTransport({ pool }) : nodeEntry.createChildProcessTransport({ pool });
  try {
    for (let round = 0; round < 20; round += 1) await program(transport, source)();
    const peer = transportName === 'worker thread' ? 'threads' : transport.poolStats().idle[0];
    const before = cpuNow(peer);
    for (let round = 0; round < CPU_RUNS; round += 1) await program(transport, source)();
    const after = cpuNow(peer);
    return { hostMs: (after.hostMs - before.hostMs) / CPU_RUNS, peerMs: (after.peerMs - before.peerMs) / CPU_RUNS };
  } finally {
    await transport.close();
  }
}

/** A task running `source` on `transport`; each run's guest CPU (the engine's clock, `stats.cpuMs`) goes to `guestCpuMs`. */
function program(transport: RootEntry.SandboxTransport, source: string, guestCpuMs: number[] = []): Task {
  return async () => {
    const result = await transport.run({ source, bindings: [echo], onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true as const, value: call.input })) });
    if (result.status !== 'completed') throw new Error(`bench program failed: ${result.error?.message}`);
    guestCpuMs.push(result.stats.cpuMs);
  };
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN;

/**
 * Measure every program on the child-process and worker transports (pools of 2), back to
 * back and paced, beside `floors` (raw QuickJS, by program name) measured in the same run.
 */
export async function isolatedTransportCases(
  nodeEntry: typeof NodeEntry,
  floors: Partial<Record<BenchProgramName, Task>>,
  /** Measured in the same rounds (the in-process transport, for the Promise.all comparison); closed after. */
  others: ReadonlyArray<[string, RootEntry.SandboxTransport]> = [],
): Promise<TransportCase[]> {
  const transports: Array<[string, RootEntry.SandboxTransport]> = [
    ['child process', nodeEntry.createChildProcessTransport({ pool: { size: 2 } })],
    ['worker thread', nodeEntry.createWorkerTransport({ pool: { size: 2 } })],
    ...others,
  ];
  const cases: TransportCase[] = [];
  for (const [, transport] of transports) for (let round = 0; round < 20; round += 1) for (const source of Object.values(BENCH_PROGRAMS)) await program(transport, source)();
  for (const idleMs of [0, PACED_IDLE_MS]) {
    const pacing = idleMs > 0 ? ', paced' : '';
    for (const name of Object.keys(BENCH_PROGRAMS) as BenchProgramName[]) {
      const floorTask = floors[name];
      const floor = floorTask === undefined ? undefined : await pacedFigures(floorTask, { idleMs });
      if (floor !== undefined) cases.push({ name: `raw QuickJS (floor) · ${name}${pacing}`, ...floor, ratio: 1 });
      for (const [transportName, transport] of transports) {
        const guestCpuMs: number[] = [];
        const figures = await pacedFigures(program(transport, BENCH_PROGRAMS[name], guestCpuMs), { idleMs });
        const cpu = idleMs === 0 ? await cpuPerRun(transportName, nodeEntry, BENCH_PROGRAMS[name]) : undefined;
        cases.push({ name: `${transportName} · ${name}${pacing}`, ...figures, ...(floor === undefined ? {} : { ratio: figures.p50 / floor.p50 }), ...(cpu === undefined ? {} : { cpu }), guestCpuMs: median(guestCpuMs) });
      }
    }
  }
  await Promise.all(transports.map(([, transport]) => transport.close()));
  return cases;
}

/** Print the cases, with the per-call cost of 100 sequential calls over the trivial program. */
export function printTransportCases(cases: readonly TransportCase[]): void {
  const byName = new Map(cases.map((entry) => [entry.name, entry]));
  printTable(
    'isolated transports (ms; × the raw floor of the same column where there is one)',
    cases.map((entry) => ({ case: entry.name, p50: entry.p50.toFixed(3), p95: entry.p95.toFixed(3), '× floor': entry.ratio?.toFixed(2) ?? '—' })),
  );
  const perCall = (prefix: string, pacing: string): string => {
    const sequential = byName.get(`${prefix} · 100 sequential${pacing}`)?.p50 ?? Number.NaN;
    const trivial = byName.get(`${prefix} · trivial${pacing}`)?.p50 ?? Number.NaN;
    return (((sequential - trivial) * 1000) / 100).toFixed(1);
  };
  printTable(
    'sequential nested call (p50 µs per call, over the trivial program)',
    ['raw QuickJS (floor)', 'in process', 'child process', 'worker thread'].map((prefix) => ({ target: prefix, 'back to back': perCall(prefix, ''), paced: perCall(prefix, ', paced') })),
  );
}

/** Memory a pooled child or worker adds, in MiB: the host's RSS, and each child's own (Linux). */
export async function memoryPerPooledPeer(nodeEntry: typeof NodeEntry, size = 4): Promise<Record<string, string>> {
  const rssOf = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) * 1024;
  const figures: Record<string, string> = {};
  for (const [name, create] of [
    ['child process', () => nodeEntry.createChildProcessTransport({ pool: { size } })],
    ['worker thread', () => nodeEntry.createWorkerTransport({ pool: { size } })],
  ] as const) {
    const before = process.memoryUsage().rss;
    const transport = create();
    while (transport.poolStats().idle.length < size) await new Promise((resolve) => setTimeout(resolve, 20));
    for (let round = 0; round < 5; round += 1) await Promise.all(Array.from({ length: size }, () => program(transport, BENCH_PROGRAMS['100 sequential'])()));
    const host = (process.memoryUsage().rss - before) / size / 2 ** 20;
    const own = name === 'child process' && process.platform === 'linux' ? transport.poolStats().idle.reduce((sum, pid) => sum + rssOf(pid), 0) / size / 2 ** 20 : 0;
    figures[name] = `host RSS +${host.toFixed(1)} MiB${own > 0 ? `, child RSS ${own.toFixed(1)} MiB` : ''}`;
    await transport.close();
  }
  return figures;
}

// A worker that answers each wake-up at once, so a round trip is two wake-ups: it notifies
// the host either with Atomics.notify (the host in Atomics.waitAsync) or with a port message.
const ECHO_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const words = new Int32Array(workerData.shared);
let seen = 0;
for (;;) {
  Atomics.wait(words, 1, seen);
  seen = Atomics.load(words, 1);
  if (seen < 0) break;
  Atomics.store(words, 0, seen);
  if (workerData.viaPort) parentPort.postMessage(seen); else Atomics.notify(words, 0);
}`;

/** How the host hears a worker fastest: p50/p95 µs per round trip for each way. */
export async function hostWakeCases(rounds = 5_000): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  for (const viaPort of [false, true]) {
    const shared = new SharedArrayBuffer(8);
    const words = new Int32Array(shared);
    const worker = new Worker(ECHO_WORKER, { eval: true, workerData: { shared, viaPort } });
    let sent = 0;
    const answered = (): Promise<unknown> => {
      if (viaPort) return new Promise((resolve) => worker.once('message', resolve));
      const waited = (Atomics as unknown as { waitAsync(view: Int32Array, index: number, value: number): { async: boolean; value: unknown } }).waitAsync(words, 0, sent - 1);
      return waited.async ? (waited.value as Promise<unknown>) : Promise.resolve();
    };
    const roundTrip = async (): Promise<void> => {
      sent += 1;
      const answer = answered();
      Atomics.store(words, 1, sent);
      Atomics.notify(words, 1);
      await answer;
    };
    for (let index = 0; index < 200; index += 1) await roundTrip();
    const { p50, p95 } = await pacedFigures(roundTrip, { samples: rounds });
    figures[viaPort ? 'MessagePort message' : 'Atomics.waitAsync'] = `${(p50 * 1000).toFixed(1)} µs p50, ${(p95 * 1000).toFixed(1)} µs p95`;
    Atomics.store(words, 1, -1);
    Atomics.notify(words, 1);
    await worker.terminate();
  }
  return figures;
}
