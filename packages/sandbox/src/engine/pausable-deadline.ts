/**
 * A wall-clock deadline that can be paused: it only counts time while running. Used for
 * the bound of `cpuBudgetMs + watchdogGraceMs`, paused while tool calls are in flight.
 */
export class PausableDeadline {
  private remainingMs: number;
  private startedAt: number | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private done = false;

  constructor(
    budgetMs: number,
    private readonly onExpire: () => void,
  ) {
    this.remainingMs = budgetMs;
  }

  /** Start or continue counting. */
  resume(): void {
    if (this.done || this.startedAt !== undefined) return;
    this.startedAt = performance.now();
    this.timer = setTimeout(() => this.expire(), Math.max(0, Math.ceil(this.remainingMs)));
  }

  /** Stop counting until {@link resume}. */
  pause(): void {
    if (this.startedAt === undefined) return;
    this.remainingMs -= performance.now() - this.startedAt;
    this.startedAt = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Stop for good. */
  cancel(): void {
    this.pause();
    this.done = true;
  }

  private expire(): void {
    this.timer = undefined;
    this.startedAt = undefined;
    if (this.done) return;
    this.done = true;
    this.onExpire();
  }
}
