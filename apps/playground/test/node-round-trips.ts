import { createInProcessTransport } from '@toolcell/sandbox';
import { DEFAULT_CONFIG } from '../src/runtime/playground-config.js';
import { PLAYGROUND_LIMITS } from '../src/runtime/playground-limits.js';
import { createPlaygroundRuntime } from '../src/runtime/playground-runtime.js';

/** The same stack and programs on Node's in-process transport: median ms per exec call. */
export async function measureNodeRoundTrips(nestedProgram: string): Promise<{ trivialMs: number; nestedMs: number }> {
  const transport = createInProcessTransport({ limits: PLAYGROUND_LIMITS });
  const { runtime, scope, codeMode } = createPlaygroundRuntime(DEFAULT_CONFIG, { transport });
  let callNumber = 0;
  const median = async (program: string, times: number): Promise<number> => {
    const samples: number[] = [];
    for (let index = 0; index < times; index += 1) {
      const startedAt = performance.now();
      await runtime.dispatch({ name: 'exec', args: program, callId: `bench_${callNumber++}`, scope });
      samples.push(performance.now() - startedAt);
    }
    samples.sort((left, right) => left - right);
    return samples[Math.floor(samples.length / 2)] ?? Number.NaN;
  };
  try {
    return { trivialMs: await median('return 1', 15), nestedMs: await median(nestedProgram, 5) };
  } finally {
    await codeMode.shutdown();
    await transport.close();
  }
}
