// Calls sharing one caller signal: one listener, fanned out, removed when the calls end.
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { Gates } from './test-support/gated-tools.js';
import { setup } from './test-support/fixtures.js';

describe('caller signals', () => {
  it('50 calls on one signal add one listener, all end ABORTED when it aborts, and the listener goes', async () => {
    const { registry, runtime } = setup('code_mode');
    const gates = new Gates();
    registry.register(gates.tool('held', { readOnly: true }));
    const controller = new AbortController();
    const outcomes = runtime.dispatchBatch(
      Array.from({ length: 50 }, (_, index) => ({ name: 'held', args: {}, callId: `c${index}`, scope: registry.root, signal: controller.signal })),
    );
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort();
    const codes = new Set((await Promise.all(outcomes)).map((outcome) => (outcome.status === 'error' ? outcome.code : 'ok')));
    expect(codes).toEqual(new Set(['ABORTED']));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('removes the listener once the last call sharing the signal ends normally', async () => {
    const { registry, runtime } = setup('code_mode');
    const controller = new AbortController();
    const outcomes = runtime.dispatchBatch(
      Array.from({ length: 20 }, (_, index) => ({ name: 'read_file', args: {}, callId: `r${index}`, scope: registry.root, signal: controller.signal })),
    );
    await Promise.all(outcomes);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
