// One target of the `pnpm bench` summary, measured warm in a process of its own: the raw
// QuickJS floor, a sandbox transport alone, or the full stack on it. Each target gets a fresh
// process because targets measured one after another in one process run in each other's
// JIT feedback (the full stack measured ~2x slower after the bare sandbox had run there),
// and a user's process runs one of them. Loaded from the built packages (the summary builds
// them first), the way users run them.
//   tsx bench/warm-target.ts --list   prints the targets, one JSON array
//   tsx bench/warm-target.ts <index>  measures one and prints its cells as JSON
// Progress goes to stderr, the figures to stdout.
import { BENCH_PROGRAMS, floorRunner, loadFloorModule } from '@toolcell/bench-kit/quickjs-floor';
import type { BenchProgramName } from '@toolcell/bench-kit/quickjs-floor';
import type { SandboxTransport } from '@toolcell/sandbox';

/** A target the summary lists: its row name, and the transport factory it runs on (none for the floor). */
export interface WarmTarget {
  readonly name: string;
  readonly transport?: { readonly name: string; readonly factory: string };
  readonly fullStack: boolean;
}

/** p50 and p95 (ms) of one column. */
export interface Cell {
  readonly p50: number;
  readonly p95: number;
}

// The columns: every bench program, back to back and paced.
const PACED_IDLE_MS = 5;
const PROGRAM_NAMES = Object.keys(BENCH_PROGRAMS) as BenchProgramName[];
const columnKey = (program: BenchProgramName, idleMs: number): string => `${program}${idleMs > 0 ? ', paced' : ''}`;

/**
 * A fresh stack's JavaScript takes a few hundred programs to settle (the full stack's 100
 * calls went from ~35 ms to ~16 ms over its first 100 execs and ~9 ms by its 300th), so a
 * target first runs the 100-call program in blocks until a block's median is no longer 10 %
 * faster than the one before (at least `WARM_UP_MIN_BLOCKS`, at most `WARM_UP_MAX_MS`), then
 * every program a few times.
 */
const WARM_UP_BLOCK = 25;
const WARM_UP_MIN_BLOCKS = 4;
const WARM_UP_MAX_MS = 10_000;
const WARM_UP_PROGRAM: BenchProgramName = '100 sequential';

async function warmUp(run: Run): Promise<void> {
  const began = performance.now();
  let previous = Number.POSITIVE_INFINITY;
  for (let block = 1; performance.now() - began < WARM_UP_MAX_MS; block += 1) {
    const times: number[] = [];
    for (let index = 0; index < WARM_UP_BLOCK; index += 1) {
      const start = performance.now();
      await run(BENCH_PROGRAMS[WARM_UP_PROGRAM]);
      times.push(performance.now() - start);
    }
    const median = times.sort((a, b) => a - b)[WARM_UP_BLOCK >> 1] ?? Number.NaN;
    if (block >= WARM_UP_MIN_BLOCKS && median > 0.9 * previous) break;
    previous = Math.min(previous, median);
  }
  for (const program of PROGRAM_NAMES) for (let index = 0; index < 20; index += 1) await run(BENCH_PROGRAMS[program]);
}

type Run = (source: string) => Promise<void> | void;

const [{ execStack }, rootEntry, nodeEntry] = await Promise.all([
  import('./exec-stack.js'),
  import('@toolcell/sandbox'),
  import('@toolcell/sandbox/node'),
]);

/** Every transport the sandbox exports: the root entry's, then the Node entry's `create…Transport` functions. */
function discoverTransports(): Array<{ name: string; factory: string; create: () => SandboxTransport }> {
  const found: Array<{ name: string; factory: string; create: () => SandboxTransport }> = [
    { name: 'in process', factory: 'createInProcessTransport', create: () => rootEntry.createInProcessTransport() },
  ];
  for (const [factory, value] of Object.entries(nodeEntry)) {
    const match = /^create(\w+)Transport$/.exec(factory);
    if (!match?.[1] || typeof value !== 'function') continue;
    const name = match[1].replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
    found.push({ name, factory, create: () => (value as (options: { pool: { size: number } }) => SandboxTransport)({ pool: { size: 2 } }) });
  }
  return found;
}

const transports = discoverTransports();
const targets: WarmTarget[] = [
  { name: 'raw QuickJS (floor)', fullStack: false },
  ...transports.flatMap(({ name, factory }) => [
    { name: `sandbox, ${name}`, transport: { name, factory }, fullStack: false },
    { name: `full stack, ${name}`, transport: { name, factory }, fullStack: true },
  ]),
];

const echoBinding = { jsName: 'echo', canonicalName: 'echo', description: 'Echo the input.', kind: 'function' as const };

function sandboxRun(transport: SandboxTransport): Run {
  return async (source) => {
    const result = await transport.run({
      source,
      bindings: [echoBinding],
      onToolBatch: (calls) => calls.map((call) => Promise.resolve({ ok: true as const, value: call.input })),
    });
    if (result.status !== 'completed') throw new Error(`sandbox: ${result.error?.message}`);
  };
}


/** p50 and p95 in ms: a few runs, then samples for about 0.4 s (0.6 s paced), at least 20. */
async function measure(run: () => Promise<void> | void, idleMs: number): Promise<Cell> {
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

async function measureTarget(target: WarmTarget, run: Run): Promise<Record<string, Cell>> {
  await warmUp(run);
  const cells: Record<string, Cell> = {};
  for (const idleMs of [0, PACED_IDLE_MS]) {
    for (const program of PROGRAM_NAMES) {
      const key = columnKey(program, idleMs);
      const cell = await measure(() => run(BENCH_PROGRAMS[program]), idleMs);
      cells[key] = cell;
      process.stderr.write(`  ✓ ${target.name} · ${key}: p50 ${cell.p50.toFixed(3)} ms, p95 ${cell.p95.toFixed(3)} ms\n`);
    }
  }
  return cells;
}

const argument = process.argv[2];
if (argument === '--list') {
  process.stdout.write(`${JSON.stringify(targets)}\n`);
} else {
  const target = targets[Number(argument)];
  if (target === undefined) throw new Error(`warm-target: no target ${String(argument)} (there are ${targets.length}; --list names them)`);
  const found = transports.find(({ factory }) => factory === target.transport?.factory);
  if (found === undefined) {
    process.stdout.write(`${JSON.stringify(await measureTarget(target, floorRunner(await loadFloorModule())))}\n`);
  } else {
    const transport = found.create();
    const stack = target.fullStack ? execStack(transport, { tool: 'echo' }) : undefined;
    process.stdout.write(`${JSON.stringify(await measureTarget(target, stack?.exec ?? sandboxRun(transport)))}\n`);
    await stack?.close();
    await transport.close();
  }
}
