/**
 * A wall-clock deadline that can be paused: it only counts time while running. Used for
 * the bound of `cpuBudgetMs + watchdogGraceMs`, paused while tool calls are in flight.
 * Pausing and resuming only do arithmetic (they happen around every tool call); one timer
 * stays armed and checks the time spent when it fires.
 */
export class PausableDeadline {
  private spentMs = 0;
  private runningSince: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private done = false;

  constructor(
    private readonly budgetMs: number,
    private readonly onExpire: () => void,
  ) {}

  /** Start or continue counting. */
  resume(): void {
    if (this.done || this.runningSince !== undefined) return;
    this.runningSince = performance.now();
    if (this.timer === undefined) this.arm();
  }

  /** Stop counting until {@link resume}. */
  pause(): void {
    if (this.runningSince === undefined) return;
    this.spentMs += performance.now() - this.runningSince;
    this.runningSince = undefined;
  }

  /** Stop for good. */
  cancel(): void {
    this.done = true;
    this.runningSince = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private spent(): number {
    return this.spentMs + (this.runningSince === undefined ? 0 : performance.now() - this.runningSince);
  }

  private arm(): void {
    this.timer = setTimeout(() => this.check(), Math.max(0, Math.ceil(this.budgetMs - this.spent())));
  }

  private check(): void {
    this.timer = undefined;
    if (this.done) return;
    if (this.spent() >= this.budgetMs) {
      this.done = true;
      this.onExpire();
    } else if (this.runningSince !== undefined) {
      this.arm();
    }
  }
}
