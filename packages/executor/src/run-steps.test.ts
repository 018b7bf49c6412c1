// runSteps runs a generator's steps synchronously until one yields a promise, then resumes
// each step as `await` would: the pipeline's stages keep the timing they had as an async
// function, and a call whose stages all answer at once still ends synchronously.
import { describe, expect, it } from 'vitest';
import type { Steps } from './run-steps.js';
import { runSteps } from './run-steps.js';

/** For steps that never throw: a throw would fail the test. */
const rethrow = (error: unknown): never => {
  throw error;
};

/** Microtasks that pass until `promise` settles (bounded: a test never hangs). */
async function ticksUntil(promise: Promise<unknown>): Promise<number> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let ticks = 0; ticks < 100; ticks += 1) {
    if (done) return ticks;
    await undefined;
  }
  throw new Error('the steps never ended');
}

describe('runSteps', () => {
  it('returns the result itself when no step yields', () => {
    // As in the pipeline: a step yields only when a stage handed back a promise.
    function* steps(answer: number | Promise<number>): Steps<string> {
      const value = answer instanceof Promise ? (yield answer) as number : answer;
      return `sum ${value + 1}`;
    }
    expect(runSteps(steps(1), rethrow)).toBe('sum 2');
  });

  it('turns what a step throws before any yield into what recover returns, synchronously', () => {
    function* steps(answer: number | Promise<number>): Steps<string> {
      if (answer === 0) throw new Error('broken step');
      return `got ${answer instanceof Promise ? (yield answer) as number : answer}`;
    }
    expect(runSteps(steps(0), (error) => `recovered ${(error as Error).message}`)).toBe('recovered broken step');
  });

  it('resumes with the value a yielded promise fulfils with, and resolves with the result', async () => {
    function* steps(): Steps<string> {
      const first = (yield Promise.resolve(2)) as number;
      const second = (yield Promise.resolve(3)) as number;
      return `product ${first * second}`;
    }
    const ran = runSteps(steps(), rethrow);
    expect(ran).toBeInstanceOf(Promise);
    await expect(ran).resolves.toBe('product 6');
  });

  it('throws a rejection into the step that yielded it, where a catch may recover', async () => {
    function* steps(): Steps<string> {
      try {
        yield Promise.reject(new Error('hook failed'));
        return 'not reached';
      } catch (error) {
        return `caught ${(error as Error).message}`;
      }
    }
    await expect(runSteps(steps(), rethrow)).resolves.toBe('caught hook failed');
  });

  it('resolves with what recover returns for what escapes the steps after a yield', async () => {
    function* steps(): Steps<string> {
      yield Promise.resolve();
      throw new Error('late bug');
    }
    await expect(runSteps(steps(), (error) => `recovered ${(error as Error).message}`)).resolves.toBe('recovered late bug');
  });

  it('adopts a thenable that is not a promise, and turns its throwing then into a rejection', async () => {
    const thenable: PromiseLike<number> = { then: (onFulfilled) => Promise.resolve(onFulfilled?.(7)) as never };
    const hostile: PromiseLike<number> = {
      then: () => {
        throw new Error('hostile then');
      },
    };
    function* steps(): Steps<string> {
      const value = (yield thenable) as number;
      try {
        yield hostile;
      } catch (error) {
        return `${value}, then ${(error as Error).message}`;
      }
      return 'not reached';
    }
    await expect(runSteps(steps(), rethrow)).resolves.toBe('7, then hostile then');
  });

  it('takes as many microtasks as the same steps written as an async function', async () => {
    // Two already-settled promises, one thenable: the turns a call takes stay what they were.
    const thenable = (): PromiseLike<number> => ({ then: (onFulfilled) => Promise.resolve(onFulfilled?.(1)) as never });
    function* steps(): Steps<number> {
      const first = (yield Promise.resolve(1)) as number;
      const second = (yield thenable()) as number;
      const third = (yield Promise.resolve(1)) as number;
      return first + second + third;
    }
    async function awaited(): Promise<number> {
      const first = await Promise.resolve(1);
      const second = await thenable();
      const third = await Promise.resolve(1);
      return first + second + third;
    }
    const ran = runSteps(steps(), rethrow);
    if (!(ran instanceof Promise)) throw new Error('the steps should have yielded');
    const [stepTicks, asyncTicks] = await Promise.all([ticksUntil(ran), ticksUntil(awaited())]);
    expect(stepTicks).toBe(asyncTicks);
    expect(await ran).toBe(3);
  });
});
