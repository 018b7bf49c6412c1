// Reading a promise against vitest's fake clock, for tests that must not race real timers.
import { vi } from 'vitest';

/** Advances the fake clock by `ms`; what `promise` settled to by then, or 'pending'. */
export async function settledAfter<Value>(promise: Promise<Value>, ms: number): Promise<Value | 'pending'> {
  let settled: Value | 'pending' = 'pending';
  void promise.then((value) => (settled = value));
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}
