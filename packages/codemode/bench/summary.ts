// The `pnpm bench` summary (it runs after every package's own bench): the raw QuickJS floor
// beside every sandbox transport and the full stack, for a trivial program, 100 sequential
// calls and Promise.all of 100, back to back and paced (5 ms idle between runs), then cold
// import and first exec in fresh `node` processes, each as a ratio to the floor. Everything
// is loaded from the built packages (built first), the way users run them; transports are
// discovered from the sandbox's public entries, so a new one shows up here by itself.
import { execFileSync, execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { printTable } from '@toolcell/bench-kit';
import { BENCH_PROGRAMS, floorRunner, loadFloorModule } from '@toolcell/bench-kit/quickjs-floor';
import type { BenchProgramName } from '@toolcell/bench-kit/quickjs-floor';
import type { SandboxTransport } from '@toolcell/sandbox';

const benchDir = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(benchDir, '..');
const startedAt = performance.now();
const [load1, load5] = loadavg();
process.stdout.write(`\nbench summary — load average ${load1?.toFixed(2)} (1 min), ${load5?.toFixed(2)} (5 min), ${process.version}\n`);

/** What each package's `build` does: tsc, then the bundles its `exports` point at. */
function build(): void {
  execFileSync(process.execPath, [resolve(packageDir, '../../scripts/bundle-package.mjs'), '--build', packageDir], { stdio: 'pipe' });
}
build();

// Without the source condition these resolve to the packages' dist/.
const [{ CodeMode }, { ToolRuntime }, { ToolRegistry }, { jsonOutput }, rootEntry, nodeEntry] = await Promise.all([
  import('@toolcell/codemode'),
  import('@toolcell/executor'),
  import('@toolcell/registry'),
  import('@toolcell/core'),
  import('@toolcell/sandbox'),
  import('@toolcell/sandbox/node'),
]);

const PROGRAM_NAMES = Object.keys(BENCH_PROGRAMS) as BenchProgramName[];
const PACED_IDLE_MS = 5;

type Run = () => Promise<void> | void;

/** p50 and p95 in ms: a few warm-up runs, then samples for about `budgetMs` (at least `minSamples`). */
async function measure(run: Run, idleMs: number): Promise<{ p50: number; p95: number }> {
  for (let index = 0; index < 5; index += 1) await run();
  const times: number[] = [];
  const budgetMs = idleMs > 0 ? 600 : 400;
  const began = performance.now();
  while (times.length < 20 || (performance.now() - began < budgetMs && times.length < 300)) {
    if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (fraction: number) => times[Math.min(times.length - 1, Math.floor(fraction * times.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

// The floor: a fresh QuickJS runtime and context per program, host calls as promises the
// host settles on its next microtask turn, nothing else.
const rawProgram = floorRunner(await loadFloorModule());

const echoBinding = { jsName: 'echo', canonicalName: 'echo', description: 'Echo the input.', kind: 'function' as const };

function sandboxRun(transport: SandboxTransport): (source: string) => Promise<void> {
  return async (source) => {
    const result = await transport.run({
      source,
      bindings: [echoBinding],
      onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true as const, value: call.input })),
    });
    if (result.status !== 'completed') throw new Error(`sandbox: ${result.error?.message}`);
  };
}

function fullStack(transport: SandboxTransport): { exec: (source: string) => Promise<void>; close: () => Promise<void> } {
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  registry.register({
    kind: 'function',
    name: 'echo',
    description: 'Echo the input.',
    inputSchema: { type: 'object', properties: { i: { type: 'integer' } } },
    readOnly: true,
    execute: (input) => jsonOutput(input),
  });
  const runtime = new ToolRuntime({ registry });
  const codeMode = new CodeMode({ registry, runtime, transport });
  codeMode.install();
  let counter = 0;
  return {
    exec: async (source) => {
      const outcome = await runtime.dispatch({ name: 'exec', args: source, callId: `bench_${++counter}`, scope: registry.root });
      if (outcome.status !== 'ok') throw new Error(`exec: ${outcome.code}: ${outcome.message}`);
    },
    close: () => codeMode.shutdown(),
  };
}

/** Every transport the sandbox exports: the root entry's, then the Node entry's `create…Transport` functions. */
function discoverTransports(): Array<{ name: string; factory: string; create: () => SandboxTransport }> {
  const found = [{ name: 'in process', factory: 'createInProcessTransport', create: () => rootEntry.createInProcessTransport() }];
  for (const [factory, value] of Object.entries(nodeEntry)) {
    const match = /^create(\w+)Transport$/.exec(factory);
    if (!match?.[1] || typeof value !== 'function') continue;
    const name = match[1].replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    found.push({ name, factory, create: () => (value as (options: { pool: { size: number } }) => SandboxTransport)({ pool: { size: 2 } }) });
  }
  return found;
}
const transports = discoverTransports();

type Row = Record<string, string>;
const floor = new Map<string, number>();
const cell = (key: string, p50: number): string => {
  const base = floor.get(key);
  return base === undefined ? `${p50.toFixed(3)} ms` : `${p50.toFixed(3)} ms (${(p50 / base).toFixed(1)}×)`;
};

/**
 * How long each target runs the programs before its first sample. A fresh stack's JavaScript
 * takes a few hundred programs to settle (the full stack's 100 calls go from ~35 ms to ~10 ms
 * over its first ~50 execs), so a few warm-up runs would leave the first column cold.
 */
const WARM_UP_MS = 1_500;

async function warmUp(run: (source: string) => Promise<void> | void): Promise<void> {
  const began = performance.now();
  while (performance.now() - began < WARM_UP_MS) for (const program of PROGRAM_NAMES) await run(BENCH_PROGRAMS[program]);
}

async function measureTarget(name: string, run: (source: string) => Promise<void> | void, isFloor = false): Promise<Row> {
  const row: Row = { target: name };
  await warmUp(run);
  for (const idleMs of [0, PACED_IDLE_MS]) {
    for (const program of PROGRAM_NAMES) {
      const key = `${program}${idleMs > 0 ? ', paced' : ''}`;
      const { p50, p95 } = await measure(() => run(BENCH_PROGRAMS[program]), idleMs);
      if (isFloor) floor.set(key, p50);
      row[key] = cell(key, p50);
      process.stdout.write(`  ✓ ${name} · ${key}: p50 ${p50.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms\n`);
    }
  }
  return row;
}

process.stdout.write('\nwarm runs (p50; the ratio is to the raw QuickJS floor in the same column)\n');
const rows: Row[] = [await measureTarget('raw QuickJS (floor)', rawProgram, true)];
for (const { name, create } of transports) {
  const transport = create();
  rows.push(await measureTarget(`sandbox, ${name}`, sandboxRun(transport)));
  const stack = fullStack(transport);
  rows.push(await measureTarget(`full stack, ${name}`, stack.exec));
  await stack.close();
  await transport.close();
}
printTable('warm runs, p50 (× the floor); paced = 5 ms idle before each run', rows);

// Cold: a fresh `node` per sample, so nothing is cached in the process.
const run = promisify(execFile);
interface ColdSample {
  readonly importMs: number;
  readonly importCpuMs: number;
  readonly firstExecMs: number;
}
async function cold(script: string, args: readonly string[], samples = 7): Promise<ColdSample> {
  const results: ColdSample[] = [];
  for (let index = 0; index < samples; index += 1) {
    const { stdout } = await run(process.execPath, [join(benchDir, script), ...args], { cwd: packageDir });
    results.push(JSON.parse(stdout) as ColdSample);
  }
  const median = (pick: (sample: ColdSample) => number) => results.map(pick).sort((a, b) => a - b)[Math.floor(results.length / 2)] ?? Number.NaN;
  return { importMs: median((sample) => sample.importMs), importCpuMs: median((sample) => sample.importCpuMs), firstExecMs: median((sample) => sample.firstExecMs) };
}
process.stdout.write('\ncold starts (a fresh node process per sample, 7 samples each)\n');
const coldFloor = await cold('cold-floor-probe.mjs', []);
process.stdout.write(`  ✓ raw QuickJS (floor): import ${coldFloor.importMs} ms, first run ${coldFloor.firstExecMs} ms\n`);
const coldRows: Row[] = [
  { target: 'raw QuickJS (floor)', 'import (wall)': `${coldFloor.importMs.toFixed(1)} ms`, 'import (CPU)': `${coldFloor.importCpuMs.toFixed(1)} ms`, 'first exec': `${coldFloor.firstExecMs.toFixed(1)} ms` },
];
const ratio = (value: number, base: number) => `${value.toFixed(1)} ms (${(value / base).toFixed(1)}×)`;
for (const { name, factory } of transports) {
  const sample = await cold('cold-probe.mjs', [factory]);
  process.stdout.write(`  ✓ full stack, ${name}: import ${sample.importMs} ms, first exec ${sample.firstExecMs} ms\n`);
  coldRows.push({
    target: `full stack, ${name}`,
    'import (wall)': ratio(sample.importMs, coldFloor.importMs),
    'import (CPU)': ratio(sample.importCpuMs, coldFloor.importCpuMs),
    'first exec': ratio(sample.firstExecMs, coldFloor.firstExecMs),
  });
}
printTable('cold start, medians (× the floor); targets: import ≤ 35 ms, first exec ≤ 25 ms in process', coldRows);
process.stdout.write(`\nbench summary done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s\n`);
