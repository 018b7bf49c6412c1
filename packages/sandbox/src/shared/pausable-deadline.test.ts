import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PausableDeadline } from './pausable-deadline.js';

describe('PausableDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('expires once the running time reaches the budget', () => {
    const expired = vi.fn();
    const deadline = new PausableDeadline(100, expired);
    deadline.resume();
    vi.advanceTimersByTime(99);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not count paused time', () => {
    const expired = vi.fn();
    const deadline = new PausableDeadline(100, expired);
    deadline.resume();
    vi.advanceTimersByTime(60);
    deadline.pause();
    vi.advanceTimersByTime(1_000);
    expect(expired).not.toHaveBeenCalled();
    deadline.resume();
    vi.advanceTimersByTime(39);
    expect(expired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('never fires after cancel', () => {
    const expired = vi.fn();
    const deadline = new PausableDeadline(10, expired);
    deadline.resume();
    deadline.cancel();
    deadline.resume();
    vi.advanceTimersByTime(100);
    expect(expired).not.toHaveBeenCalled();
  });
});
