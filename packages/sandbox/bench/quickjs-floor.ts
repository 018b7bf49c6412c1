// The raw QuickJS floor the sandbox is measured against, and a harness that times tasks back
// to back beside it. The codemode bench imports this file for its full-stack figures, and the
// `pnpm bench` summary reads the same rows, so every ratio to the floor is taken one way.
import { loadavg } from 'node:os';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { printTable } from '@toolcell/bench-kit';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import type { QuickJSSyncVariant, QuickJSWASMModule } from 'quickjs-emscripten-core';

const variant = ('default' in releaseSync ? (releaseSync as { default: QuickJSSyncVariant }).default : releaseSync) as QuickJSSyncVariant;

/** The QuickJS module the floor runs in (the sandbox's own build, without toolcell). */
export function loadFloorModule(): Promise<QuickJSWASMModule> {
  return newQuickJSWASMModuleFromVariant(variant);
}

/**
 * One trivial program at the floor: a fresh runtime and context, one host function that
 * returns a promise, `(async () => 1 + 1)()` evaluated and its promise read, all freed.
 */
export function rawTrivialProgram(quickjs: QuickJSWASMModule): void {
  const runtime = quickjs.newRuntime();
  const context = runtime.newContext();
  const call = context.newFunction('call', () => context.newPromise().handle);
  context.setProp(context.global, 'call', call);
  call.dispose();
  const promise = context.unwrapResult(context.evalCode('(async () => 1 + 1)()'));
  runtime.executePendingJobs();
  const state = context.getPromiseState(promise);
  if (state.type !== 'fulfilled') throw new Error('the floor program did not complete');
  state.value.dispose();
  promise.dispose();
  context.dispose();
  runtime.dispose();
}

/** The load average now, as printed beside the figures ("1.93 / 1.80 / 1.71"). */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

/** One task's figures beside the floor: milliseconds, and p50 over the floor's p50. */
export interface FloorRow {
  readonly name: string;
  readonly p50: number;
  readonly p95: number;
  readonly ratio: number;
}

/** What {@link backToBackAgainstFloor} measured, with the load average at its start. */
export interface FloorFigures {
  readonly loadAverage: string;
  /** The floor first, then the tasks in their order. */
  readonly rows: readonly FloorRow[];
}

const FLOOR_NAME = 'raw QuickJS: fresh runtime + context + promise host function (floor)';
const ROUNDS = 20;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/**
 * Time each task back to back (each run awaited, the next started at once) beside the raw
 * floor, in interleaved rounds so that a machine whose load drifts slows every column alike.
 * Warm the tasks up first: this measures, it does not warm.
 */
export async function backToBackAgainstFloor(tasks: Record<string, () => Promise<void>>, samplesPerTask = 2_000): Promise<FloorFigures> {
  const quickjs = await loadFloorModule();
  const named: Array<[string, () => unknown]> = [[FLOOR_NAME, () => rawTrivialProgram(quickjs)], ...Object.entries(tasks)];
  for (let index = 0; index < 200; index += 1) rawTrivialProgram(quickjs);
  const startedAt = loadAverage();
  const times = named.map((): number[] => []);
  const perRound = Math.ceil(samplesPerTask / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, [, task]] of named.entries()) {
      const samples = times[index] as number[];
      for (let sample = 0; sample < perRound; sample += 1) {
        const started = performance.now();
        await task();
        samples.push(performance.now() - started);
      }
    }
  }
  const sorted = times.map((samples) => [...samples].sort((a, b) => a - b));
  const floorP50 = percentile(sorted[0] ?? [], 0.5);
  const rows = named.map(([name], index) => {
    const samples = sorted[index] ?? [];
    const p50 = percentile(samples, 0.5);
    return { name, p50, p95: percentile(samples, 0.95), ratio: p50 / floorP50 };
  });
  return { loadAverage: startedAt, rows };
}

/** Print {@link backToBackAgainstFloor}'s figures as one table. */
export function printFloorTable(title: string, figures: FloorFigures): void {
  printTable(
    `${title} (load average at start ${figures.loadAverage})`,
    figures.rows.map((row) => ({ task: row.name, 'p50 ms': row.p50.toFixed(3), 'p95 ms': row.p95.toFixed(3), '× floor (p50)': row.ratio.toFixed(2) })),
  );
}
