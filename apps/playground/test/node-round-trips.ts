import { createInProcessTransport } from '@toolcell/sandbox';
import type { RoundTripFigures } from '../src/bench/round-trip-bench.js';
import { benchRoundTrips } from '../src/bench/round-trip-bench.js';
import { PLAYGROUND_LIMITS } from '../src/runtime/playground-limits.js';

/**
 * The worker's bench on Node's in-process transport: the same function, limits and
 * programs. `firstResultMs` here is a cold start: from creating the transport (it compiles
 * QuickJS and prewarms an interpreter) to the first result; the round trips come after
 * the warm-up, as in the worker.
 */
export async function measureNodeRoundTrips(): Promise<RoundTripFigures> {
  const startedAt = performance.now();
  const transport = createInProcessTransport({ limits: PLAYGROUND_LIMITS });
  try {
    return await benchRoundTrips(transport, startedAt);
  } finally {
    await transport.close();
  }
}
