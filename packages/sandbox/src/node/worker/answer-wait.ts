import type { SharedRing } from '../shared-ring.js';

/** The longest a worker spins for an answer (ms), however the host answered before. */
export const MAX_SPIN_MS = 0.2;
/** At most this many looks per write: the spin is bounded in work as well as time. */
export const MAX_SPINS_PER_WRITE = 100_000;
/** How long it then blocks in `Atomics.wait` before it sleeps in its event loop (ms). */
export const BLOCK_BUDGET_MS = 1;
/** The answer time assumed before the first answer (ms). */
const INITIAL_ANSWER_MS = 0.02;
/** A spin lasts this many times the typical answer time, so most answers land in it. */
const SPIN_OVER_ANSWER = 2;
/** Weight of the newest answer time in the typical one. */
const SMOOTHING = 0.25;
/** One answer counts for at most this (ms): a slow tool turns the spin off, it cannot keep it off for long. */
const ANSWER_CLAMP_MS = 2 * MAX_SPIN_MS;
/** How many looks between two reads of the clock. */
const SPINS_PER_CLOCK_READ = 64;

/** The part of the worker's inbox a wait uses. */
export type AnswerInbox = Pick<SharedRing, 'available' | 'readerSleeps' | 'blockForData'>;

/**
 * How a worker waits for the host's answer to a tool call, on its own thread: it spins on
 * the inbox for about twice the host's typical answer time (smoothed over recent answers,
 * at most `MAX_SPIN_MS`, not at all once answers come later than that), then blocks in
 * `Atomics.wait` for at most `BLOCK_BUDGET_MS`, then gives up and lets the event loop's
 * `Atomics.waitAsync` take over, so guest timers are never held up for longer. An answer
 * seen while spinning costs neither side a wake-up; one that comes during the block costs
 * the host a notify and the worker a futex wake-up.
 */
export class AnswerWait {
  /** Looks so far (reported with each result, so tests can bound the spin). */
  looks = 0;
  private typicalMs = INITIAL_ANSWER_MS;

  constructor(
    private readonly inbox: AnswerInbox,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** How long the next wait spins (ms). */
  get spinBudgetMs(): number {
    return this.typicalMs > MAX_SPIN_MS ? 0 : Math.min(MAX_SPIN_MS, SPIN_OVER_ANSWER * this.typicalMs);
  }

  /** Wait a little for the answer to a tool call just sent; called only then, so an idle worker never spins. */
  wait(): void {
    const inbox = this.inbox;
    const budgetMs = this.spinBudgetMs;
    const started = this.now();
    let looks = 0;
    if (budgetMs > 0) {
      // The host need not notify while we look.
      inbox.readerSleeps(false);
      while (inbox.available === 0 && looks < MAX_SPINS_PER_WRITE) {
        looks += 1;
        if (looks % SPINS_PER_CLOCK_READ === 0 && this.now() - started > budgetMs) break;
      }
    }
    this.looks += looks;
    // Asleep again before the last look, so that no write goes unnoticed.
    if (!inbox.readerSleeps(true)) inbox.blockForData(BLOCK_BUDGET_MS);
    const answerMs = inbox.available > 0 ? this.now() - started : ANSWER_CLAMP_MS;
    this.typicalMs += SMOOTHING * (Math.min(answerMs, ANSWER_CLAMP_MS) - this.typicalMs);
  }
}
