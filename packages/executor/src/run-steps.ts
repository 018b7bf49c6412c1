/**
 * Steps written as a generator: each `yield` hands over a promise a stage returned, and gets
 * back what it fulfilled with (`(yield promise) as Awaited<typeof promise>`; a rejection
 * throws there); the generator's return value is the result. Not an async function: a call
 * whose stages all answer at once must end synchronously (its `call-end` before the next call
 * starts, no microtask per call), and an async function never returns synchronously.
 */
export type Steps<Result> = Generator<PromiseLike<unknown>, Result, unknown>;

type Step<Result> = IteratorResult<PromiseLike<unknown>, Result>;

/**
 * Run `steps` to their end: synchronously while nothing yields, otherwise as one promise
 * that awaits each yielded promise (so a step resumes exactly as it would after `await`).
 * Never throws or rejects: what escapes the steps becomes `recover(error)`.
 */
export function runSteps<Result>(steps: Steps<Result>, recover: (error: unknown) => Result): Result | Promise<Result> {
  let first: Step<Result>;
  try {
    first = steps.next();
  } catch (error) {
    return recover(error);
  }
  return first.done === true ? first.value : finishSteps(steps, first, recover);
}

// An async function, not `then` callbacks: `await` is V8's fast path (no closure, no derived promise per step).
async function finishSteps<Result>(steps: Steps<Result>, first: Step<Result>, recover: (error: unknown) => Result): Promise<Result> {
  let step = first;
  try {
    while (step.done !== true) {
      let value: unknown;
      try {
        value = await step.value;
      } catch (error) {
        step = steps.throw(error);
        continue;
      }
      step = steps.next(value);
    }
  } catch (error) {
    return recover(error);
  }
  return step.value;
}
