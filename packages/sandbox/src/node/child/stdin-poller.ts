import { readSync } from 'node:fs';

/** The shortest and the longest poll (ms), and at most how many reads one poll tries. */
export const MIN_POLL_MS = 0.05;
export const MAX_POLL_MS = 0.5;
export const MAX_POLLS_PER_WRITE = 64;
const CHUNK_BYTES = 64 * 1024;
/** How much one answer's delay moves the estimate (an exponential moving average). */
const DELAY_WEIGHT = 1 / 4;

/** Where a poller reads: stdin, or a stand-in in tests. */
export interface PollSource {
  /** Bytes the stream already holds; they go first, through its own 'data' events. */
  pending(): number;
  /** One non-blocking read: the bytes read (0 at the end of input), or undefined when none wait. */
  read(chunk: Buffer): number | undefined;
}

/** The child's stdin, read without blocking (a pipe or socket the parent holds the other end of). */
export const stdinSource: PollSource = {
  pending: () => process.stdin.readableLength,
  read(chunk) {
    try {
      return readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') return undefined;
      // Anything else is the stream's to report.
      return 0;
    }
  },
};

/**
 * Non-blocking reads of stdin for a moment after each write of a tool call. Reading the
 * parent's answer here saves the child a sleep in the event loop and the kernel's wake-up
 * (on a virtual machine, an idle CPU's too). A poll lasts twice as long as answers took
 * lately, from `MIN_POLL_MS` up to `MAX_POLL_MS`: a parent on the same CPU has answered by
 * the first read, one on another CPU answers in a hundred microseconds or two, and one that
 * waits on a slow tool (or is kept from a CPU) is not worth chasing, so then a poll is the
 * shortest. Every poll is bounded in time and reads, and one happens only after a write,
 * so an idle child never spins. An empty read costs several microseconds (Node throws
 * EAGAIN), so the bound on reads is a bound on CPU as well.
 */
export class StdinPoller {
  /** Reads tried so far (reported with each result, so tests can bound the spin). */
  polls = 0;
  /** How long the parent's answers took lately (ms); the first poll is the shortest. */
  private typicalDelayMs = MIN_POLL_MS / 2;
  /** When the unanswered poll began; undefined once its answer came. */
  private waitingSince: number | undefined;
  private readonly chunk = Buffer.allocUnsafe(CHUNK_BYTES);

  constructor(
    private readonly receive: (chunk: Buffer) => void,
    private readonly source: PollSource = stdinSource,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** How long the next poll may last (ms): twice the typical delay when that is within `MAX_POLL_MS`. */
  get budgetMs(): number {
    const budget = 2 * this.typicalDelayMs;
    return budget > MAX_POLL_MS ? MIN_POLL_MS : Math.max(MIN_POLL_MS, budget);
  }

  /** Look for bytes on stdin until some arrive or the budget is spent. */
  poll(): void {
    if (this.source.pending() > 0) return;
    const started = this.now();
    this.waitingSince = started;
    const budget = this.budgetMs;
    const stackTraceLimit = Error.stackTraceLimit;
    // Every empty read throws EAGAIN; without a stack the throw is cheaper.
    Error.stackTraceLimit = 0;
    let count = 0;
    let bytes: number | undefined;
    try {
      while (bytes === undefined && count < MAX_POLLS_PER_WRITE && (count === 0 || this.now() - started < budget)) {
        count += 1;
        bytes = this.source.read(this.chunk);
      }
    } finally {
      this.polls += count;
      Error.stackTraceLimit = stackTraceLimit;
    }
    if (bytes === undefined) return;
    this.answered();
    if (bytes > 0) this.receive(this.chunk.subarray(0, bytes));
  }

  /** Bytes arrived (from a poll or the stream): the delay of the answer a poll waited for, if any, counts. */
  answered(): void {
    if (this.waitingSince === undefined) return;
    const delayMs = this.now() - this.waitingSince;
    this.waitingSince = undefined;
    this.typicalDelayMs += (delayMs - this.typicalDelayMs) * DELAY_WEIGHT;
  }
}
