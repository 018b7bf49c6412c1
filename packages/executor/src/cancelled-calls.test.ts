import { describe, expect, it } from 'vitest';
import { CancelledCalls } from './cancelled-calls.js';

describe('CancelledCalls', () => {
  it('remembers at most its capacity of ids, forgetting the oldest first (issue 22)', () => {
    const cancelled = new CancelledCalls(4);
    for (let index = 0; index < 10; index += 1) cancelled.add(`call_${index}`);
    const remembered = Array.from({ length: 10 }, (_, index) => `call_${index}`).filter((id) => cancelled.has(id));
    expect(remembered).toEqual(['call_6', 'call_7', 'call_8', 'call_9']);
  });

  it('a repeated id counts once and becomes the newest', () => {
    const cancelled = new CancelledCalls(2);
    cancelled.add('a');
    cancelled.add('b');
    cancelled.add('a');
    cancelled.add('c');
    expect([cancelled.has('a'), cancelled.has('b'), cancelled.has('c')]).toEqual([true, false, true]);
  });
});
