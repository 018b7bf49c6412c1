import { guestError } from './guest-error.js';

/** A pending timer as a suspended program records it: the guest keeps its callback by `id`. */
export interface TimerDue {
  readonly id: number;
  /** When it is due, in ms since the epoch (wall clock: it may fire in another process). */
  readonly dueAt: number;
}

/** What {@link GuestTimers} needs to carry over a suspension. */
export interface GuestTimersState {
  readonly nextId: number;
  readonly pending: readonly TimerDue[];
}

const MAX_DELAY_MS = 2_147_483_647;

/**
 * The guest's `setTimeout`s, as host timers; at most `maxTimers` pending. Only the ids and
 * due times live here: the guest keeps each callback and its arguments (the prelude's
 * `keep`), and `fire(id)` asks the run to run it, so a pending timer survives a suspension.
 */
export class GuestTimers {
  private readonly pending = new Map<number, { timer: ReturnType<typeof setTimeout> | undefined; dueAt: number }>();
  private nextId = 1;

  constructor(
    private readonly maxTimers: number,
    private readonly fire: (id: number) => void,
    /** The wall clock (ms since the epoch). */
    private readonly now: () => number = Date.now,
  ) {}

  /** How many are pending. */
  get size(): number {
    return this.pending.size;
  }

  /** Schedule timer `id` (returned) in `delayMs`; throws the guest's RangeError past `maxTimers`. */
  set(delayMs: number): number {
    if (this.pending.size >= this.maxTimers) {
      throw guestError('RangeError', `setTimeout: at most ${this.maxTimers} timers may be pending at once`);
    }
    const id = this.nextId;
    this.nextId += 1;
    const delay = Math.min(MAX_DELAY_MS, delayMs);
    this.pending.set(id, { timer: this.arm(id, delay), dueAt: this.now() + delay });
    return id;
  }

  /** `clearTimeout(id)`; false for unknown ids. */
  clear(id: number): boolean {
    const entry = this.pending.get(id);
    if (entry === undefined) return false;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    return true;
  }

  /** Stop every host timer (the guest's callbacks go with the realm). */
  stopAll(): void {
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.pending.clear();
  }

  /** What a suspension records; the host timers keep running until {@link stopAll}. */
  state(): GuestTimersState {
    return { nextId: this.nextId, pending: [...this.pending].map(([id, { dueAt }]) => ({ id, dueAt })) };
  }

  /** Take over a suspended program's timers: each is re-armed for its due time (an overdue one fires at once, in order of due time). */
  rearm(state: GuestTimersState): void {
    this.nextId = state.nextId;
    const now = this.now();
    for (const { id, dueAt } of [...state.pending].sort((a, b) => a.dueAt - b.dueAt || a.id - b.id)) {
      this.pending.set(id, { timer: this.arm(id, Math.max(0, dueAt - now)), dueAt });
    }
  }

  private arm(id: number, delayMs: number): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      if (!this.pending.delete(id)) return;
      this.fire(id);
    }, delayMs);
  }
}
