import { describe, expect, it } from 'vitest';
import type { LaneEntry } from './call-lane.js';
import { CallLane, COMPACT_AFTER } from './call-lane.js';

function entry(exclusive: boolean): LaneEntry & { running: boolean } {
  return {
    exclusive,
    running: false,
    get waiting() {
      return !this.running;
    },
    begin() {
      this.running = true;
    },
  };
}

describe('CallLane', () => {
  it('starts a call submitted to an idle lane at once, and one submitted during that start only after it returns', () => {
    const first = entry(false);
    const second = entry(false);
    const order: string[] = [];
    const lane = new CallLane<ReturnType<typeof entry>>(2, (started) => {
      if (started === first) {
        order.push('first starts');
        lane.submit(second);
        order.push('first started');
      } else {
        order.push('second starts');
      }
    });
    lane.submit(first);
    expect(order).toEqual(['first starts', 'first started', 'second starts']);
    expect([first.running, second.running, lane.heldEntries]).toEqual([true, true, 0]);
  });

  it('keeps no more than COMPACT_AFTER started calls while it never drains', () => {
    const lane = new CallLane<ReturnType<typeof entry>>(1, () => undefined);
    // One writer runs and the next one waits, always: the lane never drains.
    let running = entry(true);
    lane.submit(running);
    let waiting = entry(true);
    lane.submit(waiting);
    for (let index = 0; index < 5 * COMPACT_AFTER; index += 1) {
      const next = entry(true);
      lane.submit(next);
      lane.release(running, true);
      expect(waiting.running).toBe(true);
      [running, waiting] = [waiting, next];
      expect(lane.heldEntries).toBeLessThanOrEqual(COMPACT_AFTER + 1);
    }
  });

  it('holds only waiting calls once the started ones are past, and nothing once drained', () => {
    const lane = new CallLane<ReturnType<typeof entry>>(2, () => undefined);
    const calls = [entry(false), entry(false), entry(true)];
    for (const call of calls) lane.submit(call);
    // The readers started and the lane drained of them; only the waiting writer is held.
    expect(lane.heldEntries).toBe(1);
    lane.release(calls[0]!, true);
    lane.release(calls[1]!, true);
    expect(calls[2]!.running).toBe(true);
    expect(lane.heldEntries).toBe(0);
  });
});
