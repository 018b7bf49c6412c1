import { describe, expect, it } from 'vitest';
import { InterruptCadence } from './interrupt-cadence.js';

// The cadence on a clock the test moves: `poll(now)` is a poll at `now` ms.
function cadence() {
  const counts: number[] = [];
  const value = new InterruptCadence({ set: (count) => counts.push(count) });
  return { value, last: () => counts.at(-1) };
}

describe('InterruptCadence', () => {
  it('starts a program at 16 steps between polls', () => {
    const { value, last } = cadence();
    value.begin(0);
    expect(last()).toBe(16);
  });

  it('doubles at most once per millisecond of cheap steps, up to 1 000', () => {
    const { value, last } = cadence();
    value.begin(0);
    const seen: number[] = [];
    for (let now = 0.1; now <= 10; now += 0.1) {
      value.poll(now);
      if (seen.at(-1) !== last()) seen.push(last() as number);
    }
    expect(seen).toEqual([16, 32, 64, 128, 256, 512, 1000]);
  });

  it('halves the count or more as soon as polls come slower than every millisecond, down to one step', () => {
    const { value, last } = cadence();
    value.begin(0);
    for (let now = 0.1; now <= 8; now += 0.1) value.poll(now);
    expect(last()).toBe(1000);
    value.poll(8.1 + 1.5);
    expect(last()).toBe(500);
    value.poll(9.6 + 50);
    expect(last()).toBe(10);
    value.poll(59.6 + 1_000);
    expect(last()).toBe(1);
    value.poll(1059.6 + 20);
    expect(last()).toBe(1);
  });

  it('starts again from 16 for the next program', () => {
    const { value, last } = cadence();
    value.begin(0);
    value.poll(100);
    expect(last()).toBe(1);
    value.begin(200);
    expect(last()).toBe(16);
  });

  it('polls at every step once the program is stopping', () => {
    const { value, last } = cadence();
    value.begin(0);
    value.stopping();
    expect(last()).toBe(1);
  });

  it('leaves QuickJS its own cadence without a counter', () => {
    const value = new InterruptCadence(undefined);
    expect(() => {
      value.begin(0);
      value.poll(5);
      value.stopping();
    }).not.toThrow();
  });
});
