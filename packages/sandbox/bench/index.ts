// `pnpm bench`: the sandbox side by side with the floor (a fresh raw QuickJS runtime in
// process) and the naive design (a fresh child process per program). Figures are printed,
// never asserted. Transports are loaded from the built package, so children run as plain
// Node, the way users run them.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printTable, runSuite } from '@toolcell/bench-kit';
import type { SuiteRow } from '@toolcell/bench-kit';
import { BENCH_PROGRAMS, backToBackAgainstFloor, floorRunner, loadFloorModule, pacedFigures, printFloorTable } from '@toolcell/bench-kit/quickjs-floor';
import type * as RootEntry from '../src/index.js';
import type * as NodeEntry from '../src/node.js';
import { printDurableSnapshotCases } from './durable-snapshots.js';
import { pingPongFloorCases } from './ping-pong-floor.js';
import { printTransportFloors } from './transport-floors.js';
import { hostWakeCases, isolatedTransportCases, memoryPerPooledPeer, printTransportCases } from './transport-cases.js';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(packageDir, 'dist');

function build(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-b', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'pipe' });
  } catch (error) {
    // A referenced package with type errors still lets tsc -b emit this one.
    if (!existsSync(join(dist, 'node.js'))) throw error;
  }
}

build();
const root = (await import(pathToFileURL(join(dist, 'index.js')).href)) as typeof RootEntry;
const nodeEntry = (await import(pathToFileURL(join(dist, 'node.js')).href)) as typeof NodeEntry;

const echo = { jsName: 'echo', canonicalName: 'echo', description: 'Echo the input.', kind: 'function' as const };
const request = (source: string): RootEntry.RunProgramRequest => ({
  source,
  bindings: [echo],
  onToolBatch: (calls) => calls.map((call) => Promise.resolve<RootEntry.GuestToolResponse>({ ok: true, value: call.input })),
});
const { trivial: TRIVIAL, '100 sequential': SEQUENTIAL, 'Promise.all 100': PARALLEL } = BENCH_PROGRAMS;

async function check(transport: RootEntry.SandboxTransport, source: string): Promise<void> {
  const result = await transport.run(request(source));
  if (result.status !== 'completed') throw new Error(`bench program failed: ${result.error?.message}`);
}

function task(transport: RootEntry.SandboxTransport, source: string): () => Promise<void> {
  return () => check(transport, source);
}

// The floor: a fresh QuickJS runtime and context in process, nothing else.
const floor = floorRunner(await loadFloorModule());
const rawTrivial = () => floor(TRIVIAL);
const rawSequential = () => floor(SEQUENTIAL);

/** The IPC floor: one byte there and back through the pipes a child transport uses. */
const echoChild = spawn(process.execPath, ['-e', 'process.stdin.on("data", (data) => process.stdout.write(data))'], { stdio: ['pipe', 'pipe', 'inherit'] });
let echoed: () => void = () => undefined;
echoChild.stdout.on('data', () => echoed());
const pipeRoundTrip = (): Promise<void> =>
  new Promise((resolve) => {
    echoed = resolve;
    echoChild.stdin.write('x');
  });

/** Latency when programs arrive with idle time between them (the usual case), p50/p95 in ms. */
async function sporadic(transport: RootEntry.SandboxTransport, source: string) {
  const { p50, p95 } = await pacedFigures(task(transport, source), { idleMs: 5 });
  return { p50: p50.toFixed(3), p95: p95.toFixed(3) };
}

const inProcess = root.createInProcessTransport();
const pooled = nodeEntry.createChildProcessTransport({ pool: { size: 2 } });
const spawnPerProgram = nodeEntry.createChildProcessTransport({ pool: { size: 0 } });
// Warm everything up before measuring: first runs compile the interpreter lazily.
for (let round = 0; round < 20; round += 1) {
  for (const transport of [inProcess, pooled]) for (const source of [TRIVIAL, SEQUENTIAL, PARALLEL]) await check(transport, source);
  rawTrivial();
  await rawSequential();
}

// The figure of issue 20 (target: ≤ 2× the floor in process), interleaved with the floor.
printFloorTable(
  'trivial program back to back, beside the raw floor',
  await backToBackAgainstFloor({ 'sandbox, in process': task(inProcess, TRIVIAL), 'sandbox, child process, warm pool': task(pooled, TRIVIAL) }),
);
const trivial = await runSuite('trivial program (return 1 + 1)', {
  'raw QuickJS, fresh runtime (floor)': rawTrivial,
  'in process, warm': task(inProcess, TRIVIAL),
  'child process, warm pool': task(pooled, TRIVIAL),
});
const ipc = await runSuite('IPC floor', { 'pipe round trip to a child process (1 byte)': pipeRoundTrip });
const sporadicInProcess = await sporadic(inProcess, TRIVIAL);
const sporadicChild = await sporadic(pooled, TRIVIAL);
printTable('trivial program with 5 ms idle between programs (ms; the realm is prepared while idle)', [
  { transport: 'in process', ...sporadicInProcess },
  { transport: 'child process, warm pool', ...sporadicChild },
]);
const naive = await runSuite('trivial program, naive design', { 'child process spawned per program': task(spawnPerProgram, TRIVIAL) }, { time: 2_000, iterations: 10 });
const sequential = await runSuite('100 sequential host calls', {
  'raw QuickJS, host promises (floor)': rawSequential,
  'in process, warm': task(inProcess, SEQUENTIAL),
  'child process, warm pool': task(pooled, SEQUENTIAL),
});
const parallel = await runSuite('100 host calls with Promise.all', {
  'in process, warm': task(inProcess, PARALLEL),
  'child process, warm pool': task(pooled, PARALLEL),
});

const p50 = (rows: SuiteRow[], index: number): number => rows[index]?.p50 ?? Number.NaN;
const perCall = (withCalls: number, without: number): string => (((withCalls - without) * 1000) / 100).toFixed(1);
printTable('per-call overhead (p50, µs per host call, over the trivial program)', [
  { transport: 'raw QuickJS (floor)', sequential: perCall(p50(sequential, 0), p50(trivial, 0)), 'Promise.all': '—' },
  { transport: 'in process', sequential: perCall(p50(sequential, 1), p50(trivial, 1)), 'Promise.all': perCall(p50(parallel, 0), p50(trivial, 1)) },
  { transport: 'child process', sequential: perCall(p50(sequential, 2), p50(trivial, 2)), 'Promise.all': perCall(p50(parallel, 1), p50(trivial, 2)) },
]);
printTable('targets', [
  { figure: 'warm trivial program, child process (p50)', target: '< 0.5 ms', measured: `${p50(trivial, 2).toFixed(3)} ms` },
  { figure: 'sequential host call, child process', target: '< 35 µs', measured: `${perCall(p50(sequential, 2), p50(trivial, 2))} µs` },
  { figure: 'sequential host call, in process', target: '< 20 µs', measured: `${perCall(p50(sequential, 1), p50(trivial, 1))} µs` },
  { figure: '100 calls with Promise.all, child process (p50)', target: '< 3 ms', measured: `${p50(parallel, 1).toFixed(3)} ms` },
  { figure: 'warm trivial program, child process, 5 ms idle between (p50)', target: '< 0.5 ms', measured: `${sporadicChild.p50} ms` },
  { figure: 'spawn per program (p50), for comparison', target: '—', measured: `${p50(naive, 0).toFixed(1)} ms` },
  { figure: 'pipe round trip to a child (p50), the IPC floor', target: '—', measured: `${(p50(ipc, 0) * 1000).toFixed(1)} µs` },
]);

// The isolated transports (child process, worker thread), each case a named row beside the floor.
const isolatedCases = await isolatedTransportCases(nodeEntry, { trivial: rawTrivial, '100 sequential': rawSequential, 'Promise.all 100': () => floor(PARALLEL) }, [['in process', root.createInProcessTransport()]]);
printTransportCases(isolatedCases);
// A nested call's work as this run measures it (back to back, in the same rounds): the raw
// floor's per call is the guest's turn, what the in-process transport adds is the host's answer.
const casePerCallUs = (prefix: string): number => {
  const of = (program: string) => isolatedCases.find((entry) => entry.name === `${prefix} · ${program}`)?.p50 ?? Number.NaN;
  return ((of('100 sequential') - of('trivial')) * 1000) / 100;
};
const floorPerCallUs = casePerCallUs('raw QuickJS (floor)');
await printTransportFloors(isolatedCases, { turnUs: Math.max(1, floorPerCallUs), hostUs: Math.max(0, casePerCallUs('in process') - floorPerCallUs) });
printTable('memory per pooled child or worker (4 of each, after 5 rounds of 100 calls)', [await memoryPerPooledPeer(nodeEntry)]);
printTable('how a worker wakes the host (one round trip, two wake-ups)', [await hostWakeCases()]);
printTable("a worker round trip's floor on this machine, nothing of toolcell (4 000 rounds)", await pingPongFloorCases());
// Durable programs (issue 31): suspend, resume and sealed sizes, and a resume in a cold process.
await printDurableSnapshotCases(root, join(dist, 'index.js'), p50(trivial, 0));

await Promise.all([inProcess.close(), pooled.close(), spawnPerProgram.close()]);
echoChild.kill();
