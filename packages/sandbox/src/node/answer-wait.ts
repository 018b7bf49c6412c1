import type { SharedRing } from './shared-ring.js';

/** How long a worker looks for the host's answer after a write before it blocks (ms). */
export const SPIN_BUDGET_MS = 0.02;
/** At most this many looks per write: the spin is bounded in work as well as time. */
export const MAX_SPINS_PER_WRITE = 100_000;
/** How long it then blocks in `Atomics.wait` before it sleeps in its event loop (ms). */
export const BLOCK_BUDGET_MS = 1;
/** How many looks between two reads of the clock. */
const SPINS_PER_CLOCK_READ = 64;

/**
 * Wait a little for the host's answer to a tool call, on the worker's own thread: spin on
 * the inbox for a moment (the host usually answers within microseconds), then block in
 * `Atomics.wait` for at most `BLOCK_BUDGET_MS` (a futex wake-up, cheaper than the event
 * loop's), then give up and let the event loop's `Atomics.waitAsync` take over, so guest
 * timers are never held up for longer. Returns how many looks the spin took.
 */
export function awaitAnswer(inbox: SharedRing): number {
  // The host need not notify while we look.
  inbox.readerSleeps(false);
  const started = performance.now();
  let spins = 0;
  while (inbox.available === 0 && spins < MAX_SPINS_PER_WRITE) {
    spins += 1;
    if (spins % SPINS_PER_CLOCK_READ === 0 && performance.now() - started > SPIN_BUDGET_MS) break;
  }
  // Asleep again before the last look, so that no write goes unnoticed.
  if (!inbox.readerSleeps(true)) inbox.blockForData(BLOCK_BUDGET_MS);
  return spins;
}
