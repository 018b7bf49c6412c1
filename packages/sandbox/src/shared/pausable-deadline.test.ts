import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PausableDeadline } from './pausable-deadline.js';

describe('PausableDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A running deadline of `budgetMs` and the callback it calls when it expires. */
  function running(budgetMs: number): { deadline: PausableDeadline; expired: ReturnType<typeof vi.fn> } {
    const expired = vi.fn();
    const deadline = new PausableDeadline(budgetMs, expired);
    deadline.resume();
    return { deadline, expired };
  }

  /** `expired` is not called in the next `milliseconds - 1` ms, and is called once at `milliseconds`. */
  function expectExpiryIn(expired: ReturnType<typeof vi.fn>, milliseconds: number): void {
    vi.advanceTimersByTime(milliseconds - 1);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  }

  it('expires once the running time reaches the budget', () => {
    const { expired } = running(100);
    expectExpiryIn(expired, 100);
  });

  it('does not count paused time', () => {
    const { deadline, expired } = running(100);
    vi.advanceTimersByTime(60);
    deadline.pause();
    vi.advanceTimersByTime(1_000);
    expect(expired).not.toHaveBeenCalled();
    deadline.resume();
    expectExpiryIn(expired, 40);
  });

  it('counts the time a resumed program already spent, and reports what it counted', () => {
    const expired = vi.fn();
    const deadline = new PausableDeadline(100, expired, true, 70);
    expect(deadline.spent()).toBe(70);
    deadline.resume();
    vi.advanceTimersByTime(20);
    expect(deadline.spent()).toBe(90);
    expectExpiryIn(expired, 10);
  });

  it('never fires after cancel', () => {
    const { deadline, expired } = running(10);
    deadline.cancel();
    deadline.resume();
    vi.advanceTimersByTime(100);
    expect(expired).not.toHaveBeenCalled();
  });

  it('arms no timer when resumed unarmed, and expires when paused over the budget', () => {
    const expired = vi.fn();
    const deadline = new PausableDeadline(100, expired);
    deadline.resume(false);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60);
    deadline.pause();
    expect(expired).not.toHaveBeenCalled();
    deadline.resume(false);
    vi.advanceTimersByTime(40);
    expect(expired).not.toHaveBeenCalled();
    deadline.pause();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('arms its timer when resumed with arm while already counting unarmed', () => {
    const expired = vi.fn();
    const deadline = new PausableDeadline(100, expired);
    deadline.resume(false);
    vi.advanceTimersByTime(30);
    deadline.resume();
    expect(vi.getTimerCount()).toBe(1);
    expectExpiryIn(expired, 70);
  });

  it('keeps the host alive while it counts, unless told it is background work', () => {
    vi.useRealTimers();
    const timers = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const before = timers();
    const held = new PausableDeadline(60_000, vi.fn());
    const background = new PausableDeadline(60_000, vi.fn(), false);
    held.resume();
    background.resume();
    expect(timers()).toBe(before + 1);
    held.cancel();
    background.cancel();
    expect(timers()).toBe(before);
  });
});
