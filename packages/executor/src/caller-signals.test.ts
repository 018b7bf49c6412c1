// Calls sharing one caller signal: one listener, fanned out, removed after the calls end.
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SIGNAL_SWEEP_MS } from './caller-signals.js';
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

  describe('once the last call sharing the signal ends normally', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it(`keeps the listener for the next call on it, and removes it within ${IDLE_SIGNAL_SWEEP_MS} ms of idling`, async () => {
      const { registry, runtime } = setup('code_mode');
      const controller = new AbortController();
      const call = (callId: string) => runtime.dispatch({ name: 'read_file', args: {}, callId, scope: registry.root, signal: controller.signal });
      await Promise.all(Array.from({ length: 20 }, (_, index) => call(`r${index}`)));
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      // Sequential calls reuse the one listener.
      for (let index = 0; index < 5; index += 1) await call(`s${index}`);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(IDLE_SIGNAL_SWEEP_MS);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
      // A later call adds it again, and an abort still reaches it.
      const gates = new Gates();
      registry.register(gates.tool('held', { readOnly: true }));
      const held = runtime.dispatch({ name: 'held', args: {}, callId: 'h1', scope: registry.root, signal: controller.signal });
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      controller.abort();
      await expect(held).resolves.toMatchObject({ code: 'ABORTED' });
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    });

    it('keeps a signal that is used again before the sweep', async () => {
      const { registry, runtime } = setup('code_mode');
      const gates = new Gates();
      registry.register(gates.tool('held', { readOnly: true }));
      const controller = new AbortController();
      const call = (name: string, callId: string) => runtime.dispatch({ name, args: {}, callId, scope: registry.root, signal: controller.signal });
      await call('read_file', 'r1');
      // Busy across the sweep: the listener stays and the call is still cancellable.
      const held = call('held', 'h1');
      await vi.advanceTimersByTimeAsync(IDLE_SIGNAL_SWEEP_MS);
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
      controller.abort();
      await expect(held).resolves.toMatchObject({ code: 'ABORTED' });
    });
  });
});
