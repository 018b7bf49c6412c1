import { describe, expect, it } from 'vitest';
import { MAX_MICROTASK_CHAIN_MS, TurnScheduler } from './turn-scheduler.js';

/** A scheduler on a clock the test moves and an event loop the test turns. */
function harness() {
  let now = 0;
  const loop: Array<() => void> = [];
  const scheduler = new TurnScheduler((task) => loop.push(task), () => now);
  const ran: string[] = [];
  return {
    scheduler,
    ran,
    advance: (ms: number) => {
      now += ms;
    },
    turnLoop: () => {
      for (const task of loop.splice(0)) task();
    },
    turn: (name: string) => () => ran.push(name),
  };
}

const microtasks = (): Promise<void> => new Promise((resolve) => queueMicrotask(resolve));

describe('TurnScheduler', () => {
  it('runs turns in microtasks while the chain is younger than MAX_MICROTASK_CHAIN_MS', async () => {
    const { scheduler, ran, advance, turn } = harness();
    scheduler.schedule(turn('first'));
    advance(MAX_MICROTASK_CHAIN_MS / 2);
    scheduler.schedule(turn('second'));
    await microtasks();
    expect(ran).toEqual(['first', 'second']);
  });

  it('defers a turn to the event loop once the chain is MAX_MICROTASK_CHAIN_MS old, and starts a new chain after it', async () => {
    const { scheduler, ran, advance, turnLoop, turn } = harness();
    scheduler.schedule(turn('first'));
    advance(MAX_MICROTASK_CHAIN_MS);
    scheduler.schedule(turn('deferred'));
    await microtasks();
    expect(ran).toEqual(['first']);
    turnLoop();
    expect(ran).toEqual(['first', 'deferred']);
    // The loop came round: the next turn is a microtask again, however late it is.
    advance(10 * MAX_MICROTASK_CHAIN_MS);
    scheduler.schedule(turn('next chain'));
    await microtasks();
    expect(ran).toEqual(['first', 'deferred', 'next chain']);
  });

  it('starts a new chain when the event loop came round on its own', async () => {
    const { scheduler, ran, advance, turnLoop, turn } = harness();
    scheduler.schedule(turn('first'));
    await microtasks();
    turnLoop();
    advance(5 * MAX_MICROTASK_CHAIN_MS);
    scheduler.schedule(turn('after the loop'));
    await microtasks();
    expect(ran).toEqual(['first', 'after the loop']);
  });
});
