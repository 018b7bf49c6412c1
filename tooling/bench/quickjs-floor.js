// The raw QuickJS floor every sandbox figure is a ratio to: the sandbox's own QuickJS build,
// a fresh runtime and context per program, one host tool whose calls are promises the host
// settles on its next microtask turn, nothing of toolcell. The bench programs, the floor that
// runs them and the harnesses that time tasks beside it live here once, so the sandbox bench,
// the codemode bench and the `pnpm bench` summary all take every ratio one way.
import { loadavg } from 'node:os';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { printTable } from './index.js';

/** The programs measured everywhere, as sandbox program bodies calling `tools.echo`. */
export const BENCH_PROGRAMS = Object.freeze({
  trivial: 'return 1 + 1',
  '100 sequential': 'let sum = 0; for (let i = 0; i < 100; i++) sum += (await tools.echo({ i })).i; return sum',
  'Promise.all 100': 'const all = await Promise.all(Array.from({ length: 100 }, (_, i) => tools.echo({ i }))); return all.length',
});

// The package's default export is the variant under ESM and { default } under some loaders.
const variant = 'default' in releaseSync ? releaseSync.default : releaseSync;

/** The QuickJS module the floor runs in (the sandbox's own build, without toolcell). */
export function loadFloorModule() {
  return newQuickJSWASMModuleFromVariant(variant);
}

function settle(context, result) {
  const state = context.getPromiseState(result);
  if (state.type === 'pending') return false;
  if (state.type === 'rejected') {
    const message = context.dump(state.error);
    state.error.dispose();
    throw new Error(`the floor program failed: ${JSON.stringify(message)}`);
  }
  state.value.dispose();
  return true;
}

/**
 * A function running one program body at the floor: a fresh runtime and context with a
 * `tools.echo` whose promise settles with its own argument, all freed after. It returns
 * nothing when the program ends in its first turn (the trivial program stays synchronous,
 * so it carries no await of its own), a promise otherwise.
 */
export function floorRunner(quickjs) {
  return (source) => {
    const runtime = quickjs.newRuntime();
    const context = runtime.newContext();
    const pending = [];
    const echo = context.newFunction('echo', (input) => {
      const deferred = context.newPromise();
      pending.push({ deferred, input: input.dup() });
      return deferred.handle;
    });
    const tools = context.newObject();
    context.setProp(tools, 'echo', echo);
    context.setProp(context.global, 'tools', tools);
    echo.dispose();
    tools.dispose();
    const result = context.unwrapResult(context.evalCode(`(async () => { ${source} })()`));
    const dispose = () => {
      result.dispose();
      context.dispose();
      runtime.dispose();
    };
    runtime.executePendingJobs();
    try {
      if (settle(context, result)) return dispose();
    } catch (error) {
      dispose();
      throw error;
    }
    return (async () => {
      try {
        for (;;) {
          await Promise.resolve();
          for (const { deferred, input } of pending.splice(0)) {
            deferred.resolve(input);
            input.dispose();
            deferred.dispose();
          }
          runtime.executePendingJobs();
          if (settle(context, result)) return;
        }
      } finally {
        dispose();
      }
    })();
  };
}

/** The load average now, as printed beside the figures ("1.93 / 1.80 / 1.71"). */
export function loadAverage() {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/** p50 and p95 in ms of `samples` runs, each after `idleMs` of idle time (0: back to back). */
export async function pacedFigures(task, { idleMs = 0, samples = 200 } = {}) {
  const times = [];
  for (let index = 0; index < samples; index += 1) {
    if (idleMs > 0) await new Promise((resolve) => setTimeout(resolve, idleMs));
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

const FLOOR_NAME = 'raw QuickJS: fresh runtime + context + promise host function (floor)';
const ROUNDS = 20;

/**
 * Time each task back to back (each run awaited, the next started at once) beside the raw
 * floor's trivial program, in interleaved rounds so that a machine whose load drifts slows
 * every column alike. Warm the tasks up first: this measures, it does not warm.
 */
export async function backToBackAgainstFloor(tasks, samplesPerTask = 2_000) {
  const run = floorRunner(await loadFloorModule());
  const floor = () => run(BENCH_PROGRAMS.trivial);
  const named = [[FLOOR_NAME, floor], ...Object.entries(tasks)];
  for (let index = 0; index < 200; index += 1) await floor();
  const startedAt = loadAverage();
  const times = named.map(() => []);
  const perRound = Math.ceil(samplesPerTask / ROUNDS);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, [, task]] of named.entries()) {
      for (let sample = 0; sample < perRound; sample += 1) {
        const started = performance.now();
        await task();
        times[index].push(performance.now() - started);
      }
    }
  }
  const sorted = times.map((samples) => [...samples].sort((a, b) => a - b));
  const floorP50 = percentile(sorted[0], 0.5);
  const rows = named.map(([name], index) => {
    const p50 = percentile(sorted[index], 0.5);
    return { name, p50, p95: percentile(sorted[index], 0.95), ratio: p50 / floorP50 };
  });
  return { loadAverage: startedAt, rows };
}

/** Print {@link backToBackAgainstFloor}'s figures as one table. */
export function printFloorTable(title, figures) {
  printTable(
    `${title} (load average at start ${figures.loadAverage})`,
    figures.rows.map((row) => ({ task: row.name, 'p50 ms': row.p50.toFixed(3), 'p95 ms': row.p95.toFixed(3), '× floor (p50)': row.ratio.toFixed(2) })),
  );
}
