import type { WorkerClient } from './worker-client.js';

/** Median wall time of `times` runs of `program` through the worker, in milliseconds. */
export async function medianRoundTripMs(client: WorkerClient, program: string, times: number): Promise<number> {
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const startedAt = performance.now();
    await client.request({ type: 'exec', program });
    samples.push(performance.now() - startedAt);
  }
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
}

declare global {
  /** The bench's way in (the browser test measures through it); not a UI. */
  var playgroundBench: ((program: string, times: number) => Promise<number>) | undefined;
}

/** Expose {@link medianRoundTripMs} to the browser test. */
export function installBenchHook(client: WorkerClient): void {
  globalThis.playgroundBench = (program, times) => medianRoundTripMs(client, program, times);
}
