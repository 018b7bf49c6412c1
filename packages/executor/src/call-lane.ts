import type { CallRecord } from './call-record.js';

/**
 * Schedules the calls of one lane: a FIFO readers–writer queue. Read-only calls run
 * together (up to `maxParallel`); any other call waits until the lane is idle and runs
 * alone. A call never overtakes an earlier one, so submission order holds.
 *
 * Top-level calls share the root lane; the nested calls of a parent call get a lane of
 * their own, so a program's calls never wait behind the `exec` call that runs it.
 */
export class CallLane {
  /** Queued and running calls. */
  readonly members = new Set<CallRecord>();
  private readonly queue: CallRecord[] = [];
  private head = 0;
  private readers = 0;
  private writer = false;
  private pumping = false;
  private pumpAgain = false;
  private halted = false;

  constructor(
    private readonly maxParallel: number,
    private readonly start: (record: CallRecord) => void,
  ) {}

  /** Queue a call; it starts as soon as its turn comes (possibly synchronously). */
  submit(record: CallRecord): void {
    this.members.add(record);
    this.queue.push(record);
    this.pump();
  }

  /** A call ended (while queued or while running): free its slot. */
  release(record: CallRecord, wasRunning: boolean): void {
    this.members.delete(record);
    if (wasRunning) {
      if (record.exclusive) this.writer = false;
      else this.readers -= 1;
    }
    this.pump();
  }

  /** Start nothing more: the lane's parent was cancelled and its calls are being ended. */
  halt(): void {
    this.halted = true;
  }

  private pump(): void {
    // A call may end synchronously inside `start`, which releases and pumps again.
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = true;
    do {
      this.pumpAgain = false;
      this.startReady();
    } while (this.pumpAgain);
    this.pumping = false;
  }

  private startReady(): void {
    if (this.halted) return;
    while (this.head < this.queue.length) {
      const next = this.queue[this.head] as CallRecord;
      if (next.state === 'queued') {
        if (next.exclusive) {
          if (this.writer || this.readers > 0) return;
          this.writer = true;
        } else {
          if (this.writer || this.readers >= this.maxParallel) return;
          this.readers += 1;
        }
        next.state = 'running';
        this.head += 1;
        this.start(next);
      } else {
        // Ended while it waited (cancelled): skip it.
        this.head += 1;
      }
    }
    if (this.head > 0) {
      this.queue.length = 0;
      this.head = 0;
    }
  }
}
