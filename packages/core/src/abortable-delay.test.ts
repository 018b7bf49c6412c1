import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abortableDelay } from './abortable-delay.js';

/** Whether `promise` has settled, and how, after the microtasks queued so far. */
async function stateOf(promise: Promise<void>): Promise<'pending' | 'resolved' | unknown> {
  let state: unknown = 'pending';
  promise.then(
    () => (state = 'resolved'),
    (error: unknown) => (state = error),
  );
  await Promise.resolve();
  await Promise.resolve();
  return state;
}

describe('abortableDelay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves once the time has passed, and not before', async () => {
    const delay = abortableDelay(100, new AbortController().signal);
    vi.advanceTimersByTime(99);
    expect(await stateOf(delay)).toBe('pending');
    vi.advanceTimersByTime(1);
    expect(await stateOf(delay)).toBe('resolved');
  });

  it('rejects with the signal reason as soon as it aborts, and clears its timer', async () => {
    const controller = new AbortController();
    const delay = abortableDelay(60_000, controller.signal);
    const reason = new Error('call cancelled');
    controller.abort(reason);
    expect(await stateOf(delay)).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once when the signal aborted already, arming no timer', async () => {
    const reason = new Error('closed');
    const delay = abortableDelay(60_000, AbortSignal.abort(reason));
    expect(await stateOf(delay)).toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with an Error "aborted" when the reason is not an error', async () => {
    const controller = new AbortController();
    const delay = abortableDelay(1_000, controller.signal);
    controller.abort('a string reason');
    expect(await stateOf(delay)).toEqual(new Error('aborted'));
  });

  it('resolves at once for no time at all', async () => {
    expect(await stateOf(abortableDelay(0, new AbortController().signal))).toBe('resolved');
    expect(await stateOf(abortableDelay(-5, new AbortController().signal))).toBe('resolved');
  });

  it('stops listening to the signal once the time has passed', async () => {
    const controller = new AbortController();
    const removed = vi.spyOn(controller.signal, 'removeEventListener');
    const delay = abortableDelay(10, controller.signal);
    vi.advanceTimersByTime(10);
    expect(await stateOf(delay)).toBe('resolved');
    expect(removed).toHaveBeenCalledWith('abort', expect.any(Function));
  });
});
