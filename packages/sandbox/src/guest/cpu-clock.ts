/**
 * Guest CPU time: only the time the host spends inside the interpreter counts, so waiting
 * on tools or timers pauses it by construction.
 */
export class CpuClock {
  /** Time counted so far, in ms. */
  usedMs = 0;
  private sliceStart = 0;
  private depth = 0;

  constructor(private readonly budgetMs: number) {}

  /** Start counting (nested calls count once). */
  begin(): void {
    if (this.depth === 0) this.sliceStart = performance.now();
    this.depth += 1;
  }

  /** Stop counting. */
  end(): void {
    this.depth -= 1;
    if (this.depth === 0) this.usedMs += performance.now() - this.sliceStart;
  }

  /** Whether the interpreter is running now. */
  get running(): boolean {
    return this.depth > 0;
  }

  /** Time counted so far, in ms, with the slice in progress. */
  spentMs(nowMs = performance.now()): number {
    return this.usedMs + (this.depth > 0 ? nowMs - this.sliceStart : 0);
  }

  /** Whether the budget is spent, counting the slice in progress. */
  exceeded(nowMs = performance.now()): boolean {
    return this.spentMs(nowMs) > this.budgetMs;
  }
}
