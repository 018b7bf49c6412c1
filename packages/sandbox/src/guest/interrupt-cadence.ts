/** Where the cadence writes the count: QuickJS's own counter (`InterruptCounter`). */
export interface InterruptCountSink {
  set(count: number): void;
}

/** Steps between polls at the start of a program, and while they stay cheap, at most. */
const START_COUNT = 16;
const MAX_COUNT = 1_000;
/** Polls come about this often (ms) when steps are slow: one per step once a step takes longer. */
const TARGET_MS = 1;
/** The count doubles at most once per this many ms of cheap steps. */
const GROW_EVERY_MS = 1;

/**
 * How many steps (function calls, loop iterations) the interpreter takes between two polls
 * of the interrupt handler, adapted at each poll to what the last ones cost, so the CPU
 * budget is checked about every millisecond whatever a step costs. QuickJS's own cadence,
 * every 10 000 steps, let a program whose calls each overflow the stack (each building a
 * stack trace of ~1 500 frames, 2.5 ms with 1 000-character function names) run for 13 s
 * past a 2 s budget. A program starts at {@link START_COUNT} steps; the count halves (or
 * less) as soon as polls come slower than {@link TARGET_MS}, down to one, and doubles at
 * most once per {@link GROW_EVERY_MS} of cheap steps, up to {@link MAX_COUNT}: polling every
 * 1 000 steps costs a tight loop under 1 % (~0.1 µs a poll). So slow steps that follow cheap
 * ones overrun by at most the count they find before it adapts. Time is the program's CPU
 * time (the interpreter's), so waits between turns do not count.
 */
export class InterruptCadence {
  private count = START_COUNT;
  private lastPollMs = 0;
  private lastGrowthMs = 0;

  /** `counter` is `undefined` when QuickJS's own cadence stays (another build). */
  constructor(private readonly counter: InterruptCountSink | undefined) {}

  /** The program starts; `nowMs` is its CPU time. */
  begin(nowMs: number): void {
    this.count = START_COUNT;
    this.lastPollMs = nowMs;
    this.lastGrowthMs = nowMs;
    this.counter?.set(this.count);
  }

  /** The interrupt handler was polled at CPU time `nowMs` and the program goes on. */
  poll(nowMs: number): void {
    if (this.counter === undefined) return;
    const elapsedMs = nowMs - this.lastPollMs;
    this.lastPollMs = nowMs;
    if (elapsedMs > TARGET_MS) {
      this.count = Math.max(1, Math.min(this.count >> 1, Math.floor((this.count * TARGET_MS) / elapsedMs)));
      this.lastGrowthMs = nowMs;
    } else if (nowMs - this.lastGrowthMs >= GROW_EVERY_MS && this.count < MAX_COUNT) {
      this.count = Math.min(MAX_COUNT, this.count * 2);
      this.lastGrowthMs = nowMs;
    }
    this.counter.set(this.count);
  }

  /** The program is being stopped: poll at every step until it is. */
  stopping(): void {
    this.count = 1;
    this.counter?.set(1);
  }
}
