import type { SandboxTransport } from '@toolcell/sandbox';
import { DEFAULT_CONFIG } from '../runtime/playground-config.js';
import { createPlaygroundRuntime } from '../runtime/playground-runtime.js';

/** How many nested calls the nested program makes. */
export const NESTED_CALLS = 50;
const TRIVIAL_PROGRAM = 'return 1';
const NESTED_PROGRAM = `for (let i = 0; i < ${NESTED_CALLS}; i++) await tools.get_context_remaining({}); return 1;`;
/**
 * Warm-up runs of each program, dropped: V8 tiers the interpreter's WebAssembly up in the
 * background as it runs, and a fresh Node process would otherwise be timed against a
 * worker the page has used for a while (about 2,000 nested calls reach the steady state
 * on a loaded 2-core machine).
 */
const WARMUP_RUNS = 40;
const SAMPLES = 15;
/**
 * Untimed idle time before each sample, as between two model turns: the engine tidies up
 * after a program in a later task, and back-to-back runs would time that housekeeping
 * instead of the round trip (the page's messages used to give it that gap, Node's loop did
 * not — why Node looked slower).
 */
export const IDLE_GAP_MS = 5;

const idle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, IDLE_GAP_MS));

/** What {@link benchRoundTrips} measured, in milliseconds. */
export interface RoundTripFigures {
  /** From `since` (default: the bench's start) to the first program's result. */
  readonly firstResultMs: number;
  /** Median of an `exec` of `return 1`, after the warm-up. */
  readonly trivialMs: number;
  /** (median of 50 sequential nested calls − trivial median) / 50. */
  readonly perNestedCallMs: number;
}

function median(samples: number[]): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * The playground's round-trip bench, the same code in the browser's worker and on Node:
 * a fresh default stack over `transport` (no page, no event listeners), `exec` dispatched
 * through the executor, {@link WARMUP_RUNS} warm-up runs of each program dropped, then the
 * two programs alternated so both see the same load, each after {@link IDLE_GAP_MS} idle.
 */
export async function benchRoundTrips(transport: SandboxTransport, since = performance.now()): Promise<RoundTripFigures> {
  const { runtime, scope, codeMode } = createPlaygroundRuntime(DEFAULT_CONFIG, { transport });
  let callNumber = 0;
  const time = async (program: string): Promise<number> => {
    await idle();
    const begun = performance.now();
    await runtime.dispatch({ name: 'exec', args: program, callId: `bench_${callNumber++}`, scope });
    return performance.now() - begun;
  };
  try {
    await runtime.dispatch({ name: 'exec', args: TRIVIAL_PROGRAM, callId: `bench_${callNumber++}`, scope });
    const firstResultMs = performance.now() - since;
    for (let index = 0; index < WARMUP_RUNS; index += 1) {
      await time(TRIVIAL_PROGRAM);
      await time(NESTED_PROGRAM);
    }
    const trivial: number[] = [];
    const nested: number[] = [];
    for (let index = 0; index < SAMPLES; index += 1) {
      trivial.push(await time(TRIVIAL_PROGRAM));
      nested.push(await time(NESTED_PROGRAM));
    }
    const trivialMs = median(trivial);
    return { firstResultMs, trivialMs, perNestedCallMs: (median(nested) - trivialMs) / NESTED_CALLS };
  } finally {
    await codeMode.shutdown();
  }
}
