import { describe, expect, it } from 'vitest';
import { MAX_MICROTASK_CHAIN_MS, TurnScheduler } from './turn-scheduler.js';

/** A scheduler on a clock the test moves and an event loop the test turns. */
function harness() {
  let now = 0;
  const loop: Array<() => void> = [];
  const afterEventLoop = (task: () => void): void => {
    loop.push(task);
  };
  const newScheduler = (): TurnScheduler => new TurnScheduler(afterEventLoop, () => now);
  const ran: string[] = [];
  return {
    scheduler: newScheduler(),
    newScheduler,
    loop,
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

  it("gives each program's turns a chain of their own", async () => {
    const { scheduler, newScheduler, ran, advance, turnLoop, turn } = harness();
    scheduler.schedule(turn('first program'));
    advance(MAX_MICROTASK_CHAIN_MS);
    newScheduler().schedule(turn('second program'));
    scheduler.schedule(turn('first program, deferred'));
    await microtasks();
    expect(ran).toEqual(['first program', 'second program']);
    turnLoop();
    expect(ran).toEqual(['first program', 'second program', 'first program, deferred']);
  });

  it('leaves one task on the event loop, however many programs schedule turns before it comes round', async () => {
    // A host running programs back to back in microtasks never lets the loop come round:
    // a task per program would be kept, with its scheduler, until it does.
    const { newScheduler, loop, ran, turnLoop, turn } = harness();
    for (let index = 0; index < 100; index += 1) newScheduler().schedule(turn(`program ${index}`));
    await microtasks();
    expect(ran).toHaveLength(100);
    expect(loop).toHaveLength(1);
    turnLoop();
    newScheduler().schedule(turn('after the loop'));
    expect(loop).toHaveLength(1);
  });
});
