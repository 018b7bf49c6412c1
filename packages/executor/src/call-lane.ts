/** What a lane needs of a call: whether it waits, whether it runs alone, and its start. */
export interface LaneEntry {
  /** Still queued (a call cancelled while it waited is skipped). */
  readonly waiting: boolean;
  /** Runs alone; otherwise it shares the lane with other read-only calls. */
  readonly exclusive: boolean;
  /** Its turn came: it is running now. */
  begin(): void;
}

/** Started calls a lane that never drains may keep before it drops them: a bound on its queue. */
export const COMPACT_AFTER = 1024;

/**
 * Schedules the calls of one lane: a FIFO readers–writer queue. Read-only calls run
 * together (up to `maxParallel`); any other call waits until the lane is idle and runs
 * alone. A call never overtakes an earlier one, so submission order holds.
 *
 * Top-level calls share the root lane; the nested calls of a parent call get a lane of
 * their own, so a program's calls never wait behind the `exec` call that runs it.
 */
export class CallLane<Entry extends LaneEntry> {
  /** Queued and running calls. */
  readonly members = new Set<Entry>();
  private readonly queue: Entry[] = [];
  private head = 0;
  private readers = 0;
  private writer = false;
  private pumping = false;
  private pumpAgain = false;
  private halted = false;

  constructor(
    private readonly maxParallel: number,
    private readonly start: (entry: Entry) => void,
  ) {}

  /** Queue a call; it starts as soon as its turn comes (possibly synchronously). */
  submit(entry: Entry): void {
    this.members.add(entry);
    if (this.pumping || this.head !== this.queue.length || !entry.waiting || !this.take(entry)) {
      this.queue.push(entry);
      this.pump();
      return;
    }
    // Nothing waits and its slot is free: it starts without passing through the queue,
    // under the same guard as a pump (a call submitted meanwhile waits for this start).
    this.pumping = true;
    this.start(entry);
    while (this.pumpAgain) {
      this.pumpAgain = false;
      this.startReady();
    }
    this.pumping = false;
  }

  /** A call ended (while queued or while running): free its slot. */
  release(entry: Entry, wasRunning: boolean): void {
    this.members.delete(entry);
    if (wasRunning) {
      if (entry.exclusive) this.writer = false;
      else this.readers -= 1;
    }
    this.pump();
  }

  /**
   * A running call was parked (its approval deferred): its slot is free for others while it
   * stays a member. It comes back with `submit` (queued again, behind the calls that wait)
   * or ends with `release(entry, false)`.
   */
  park(entry: Entry): void {
    if (entry.exclusive) this.writer = false;
    else this.readers -= 1;
    this.pump();
  }

  /** Start nothing more: the lane's parent was cancelled and its calls are being ended. */
  halt(): void {
    this.halted = true;
  }

  get isHalted(): boolean {
    return this.halted;
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
    for (let next = this.queue[this.head]; next !== undefined; next = this.queue[this.head]) {
      if (next.waiting) {
        if (!this.take(next)) break;
        this.head += 1;
        this.start(next);
      } else {
        // Ended while it waited (cancelled): skip it.
        this.head += 1;
      }
    }
    this.compact();
  }

  /** Give `entry` its slot if the lane is open and the slot is free: it is running now. */
  private take(entry: Entry): boolean {
    if (this.halted) return false;
    if (entry.exclusive) {
      if (this.writer || this.readers > 0) return false;
      this.writer = true;
    } else {
      if (this.writer || this.readers >= this.maxParallel) return false;
      this.readers += 1;
    }
    entry.begin();
    return true;
  }

  /**
   * Forget the calls before `head` (started or skipped): at once when the lane has drained,
   * and in chunks of {@link COMPACT_AFTER} when it never does (a busy root lane), so the
   * queue never keeps ended calls.
   */
  private compact(): void {
    if (this.head === this.queue.length) {
      // An empty queue (a call that started without queueing) is left alone: setting an
      // array's length is a runtime call on V8, ~0.5% of a nested call.
      if (this.head === 0) return;
      this.queue.length = 0;
      this.head = 0;
    } else if (this.head >= COMPACT_AFTER) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }

  /** Entries the queue array holds, waiting or already started (what its bound limits). */
  get heldEntries(): number {
    return this.queue.length;
  }
}
