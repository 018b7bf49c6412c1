import { readSync } from 'node:fs';

/** How long one poll looks for the parent's answer (ms), and at most how many reads it tries. */
export const POLL_BUDGET_MS = 0.05;
export const MAX_POLLS_PER_WRITE = 64;
const CHUNK_BYTES = 64 * 1024;

/**
 * Non-blocking reads of stdin for a moment after each write. The parent answers a tool call
 * in tens of microseconds; reading it here saves the child a sleep in the event loop and
 * the kernel's wake-up. The budget is bounded in time and reads, and a poll happens only
 * after a write, so an idle child never spins.
 */
export class StdinPoller {
  /** Reads tried so far (reported with each result, so tests can bound the spin). */
  polls = 0;
  private readonly chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private readonly enabled = process.platform !== 'win32';

  constructor(private readonly receive: (chunk: Buffer) => void) {}

  /** Look for bytes on stdin until some arrive or the budget is spent. */
  poll(): void {
    // Bytes the stream already holds go first, through its own 'data' events.
    if (!this.enabled || process.stdin.readableLength > 0) return;
    const stackTraceLimit = Error.stackTraceLimit;
    // Every empty read throws EAGAIN; without a stack the throw is cheap.
    Error.stackTraceLimit = 0;
    let count = 0;
    let bytes: number | undefined;
    try {
      const started = performance.now();
      while (bytes === undefined && count < MAX_POLLS_PER_WRITE && performance.now() - started < POLL_BUDGET_MS) {
        count += 1;
        bytes = this.readOnce();
      }
    } finally {
      this.polls += count;
      Error.stackTraceLimit = stackTraceLimit;
    }
    if (bytes !== undefined && bytes > 0) this.receive(this.chunk.subarray(0, bytes));
  }

  /** One read: the bytes read (0 at the end of input), or undefined when none wait. */
  private readOnce(): number | undefined {
    try {
      return readSync(0, this.chunk, 0, CHUNK_BYTES, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return undefined;
      // Anything else is the stream's to report.
      return 0;
    }
  }
}
