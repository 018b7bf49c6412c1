/**
 * A wall-clock deadline that can be paused: it only counts time while running. Used for
 * the bound of `cpuBudgetMs + watchdogGraceMs`, paused while tool calls are in flight.
 * Pausing and resuming only do arithmetic (they happen around every tool call); at most one
 * timer is armed, and it checks the time spent when it fires.
 */
export class PausableDeadline {
  private spentMs = 0;
  private runningSince: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private done = false;

  constructor(
    private readonly budgetMs: number,
    private readonly onExpire: () => void,
    /** Whether the armed timer keeps the host alive (not for a pool's background work). */
    private readonly holdsHost = true,
    /** Time already counted (a resumed durable program carries its earlier rounds' time over). */
    alreadySpentMs = 0,
  ) {
    this.spentMs = Math.max(0, alreadySpentMs);
  }

  /**
   * Start or continue counting. With `arm` false no timer is armed yet: for a caller whose
   * counted time passes in synchronous work that no timer could interrupt anyway; it resumes
   * with `arm` before it yields to the event loop while counting, and {@link pause} checks the
   * time spent. A program that never waits while counting then costs no timer at all.
   */
  resume(arm = true): void {
    if (this.done) return;
    this.runningSince ??= performance.now();
    if (arm && this.timer === undefined) this.arm();
  }

  /** Stop counting until {@link resume}; expires now if the budget is spent and no timer would notice. */
  pause(): void {
    if (this.runningSince === undefined) return;
    this.spentMs += performance.now() - this.runningSince;
    this.runningSince = undefined;
    if (this.timer === undefined) this.check();
  }

  /** Stop for good. */
  cancel(): void {
    this.done = true;
    this.runningSince = undefined;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The time counted so far, in ms. */
  spent(): number {
    return this.spentMs + (this.runningSince === undefined ? 0 : performance.now() - this.runningSince);
  }

  private arm(): void {
    this.timer = setTimeout(() => this.check(), Math.max(0, Math.ceil(this.budgetMs - this.spent())));
    // `unref` exists in Node only; the root entry runs in browsers too.
    if (!this.holdsHost) (this.timer as { unref?: () => void }).unref?.();
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
