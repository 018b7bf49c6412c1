// Metrics through the same API: calls and durations by outcome, refusals by code and stage.
import type { Attributes, Meter } from '@opentelemetry/api';
import { createNoopMeter } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { METRICS, TOOLCELL } from './attribute-names.js';
import { tracedStack } from './test-support/traced-stack.js';

/** A meter that records what its instruments receive. */
function recordingMeter(): { meter: Meter; seen: Array<[string, number, Attributes | undefined]> } {
  const seen: Array<[string, number, Attributes | undefined]> = [];
  const noop = createNoopMeter();
  const meter: Meter = {
    ...noop,
    createCounter: (name) => ({ add: (value, attributes) => void seen.push([name, value, attributes]) }),
    createHistogram: (name) => ({ record: (value, attributes) => void seen.push([name, value, attributes]) }),
  };
  return { meter, seen };
}

let stack: ReturnType<typeof tracedStack> | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

describe('call metrics', () => {
  it('count calls and refusals and record durations in seconds', async () => {
    const { meter, seen } = recordingMeter();
    stack = tracedStack({ tracing: { meter } });
    await stack.dispatchInRequest('read_file', { path: 'a.txt' }).outcome;
    expect(seen.map(([name, value, attributes]) => [name, name === METRICS.duration ? typeof value : value, attributes?.[TOOLCELL.outcomeCode]])).toEqual([
      [METRICS.refusals, 1, 'UNKNOWN_TOOL'],
      [METRICS.calls, 1, 'UNKNOWN_TOOL'],
      [METRICS.duration, 'number', 'UNKNOWN_TOOL'],
    ]);
    expect(seen[0]?.[2]?.[TOOLCELL.denialStage]).toBe('resolve');
  });

  it('are not recorded without a meter', async () => {
    stack = tracedStack();
    expect(stack.runtime.events.listenerCount('call-end')).toBe(1);
  });
});
