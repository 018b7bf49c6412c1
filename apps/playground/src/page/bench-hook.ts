import type { RoundTripFigures } from '../bench/round-trip-bench.js';
import { IDLE_GAP_MS } from '../bench/round-trip-bench.js';
import type { WorkerClient } from './worker-client.js';

declare global {
  /** The bench's way in (the browser test measures through it); not a UI. */
  var playgroundBench: (() => Promise<RoundTripFigures & { pageRoundTripMs: number }>) | undefined;
}

const PAGE_SAMPLES = 15;

/**
 * Expose the worker's round-trip bench to the browser test, plus the median of a trivial
 * `exec` as the page sees it (the bench's figures are taken inside the worker, like
 * Node's; this one adds the two `postMessage` hops).
 */
export function installBenchHook(client: WorkerClient): void {
  globalThis.playgroundBench = async () => {
    const answer = await client.request({ type: 'bench' });
    if (!answer.bench) throw new Error(answer.error ?? 'The worker sent no bench figures.');
    const samples: number[] = [];
    for (let index = 0; index < PAGE_SAMPLES; index += 1) {
      // The same untimed idle gap as the worker's bench.
      await new Promise((resolve) => setTimeout(resolve, IDLE_GAP_MS));
      const startedAt = performance.now();
      await client.request({ type: 'exec', program: 'return 1' });
      samples.push(performance.now() - startedAt);
    }
    samples.sort((left, right) => left - right);
    return { ...answer.bench, pageRoundTripMs: samples[Math.floor(samples.length / 2)] ?? Number.NaN };
  };
}
