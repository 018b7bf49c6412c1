import type { QuickJSHandle } from 'quickjs-emscripten-core';
import { guestError } from './guest-error.js';

/** A pending guest timer: its host timer and the guest callback and arguments it keeps alive. */
export interface GuestTimer {
  readonly timer: ReturnType<typeof setTimeout>;
  readonly callback: QuickJSHandle;
  readonly args: readonly QuickJSHandle[];
}

const MAX_DELAY_MS = 2_147_483_647;

/** The guest's `setTimeout`s, as host timers; at most `maxTimers` pending. */
export class GuestTimers {
  private readonly pending = new Map<number, GuestTimer>();
  private nextId = 1;

  constructor(
    private readonly maxTimers: number,
    private readonly fire: (timer: GuestTimer) => void,
  ) {}

  /** How many are pending. */
  get size(): number {
    return this.pending.size;
  }

  /** Schedule `callback` (its handle and `args` now belong to the timer); returns the id. */
  set(callback: QuickJSHandle, delayMs: number, args: readonly QuickJSHandle[]): number {
    if (this.pending.size >= this.maxTimers) {
      throw guestError('RangeError', `setTimeout: at most ${this.maxTimers} timers may be pending at once`);
    }
    const id = this.nextId;
    this.nextId += 1;
    const timer = setTimeout(() => {
      const entry = this.pending.get(id);
      if (entry === undefined) return;
      this.pending.delete(id);
      this.fire(entry);
    }, Math.min(MAX_DELAY_MS, delayMs));
    this.pending.set(id, { timer, callback, args });
    return id;
  }

  /** `clearTimeout(id)`; unknown ids are ignored. */
  clear(id: number): void {
    const entry = this.pending.get(id);
    if (entry === undefined) return;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    releaseTimer(entry);
  }

  /** Stop every timer; free their handles only when `release` (a broken module must not be touched). */
  stopAll(release: boolean): void {
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      if (release) releaseTimer(entry);
    }
    this.pending.clear();
  }
}

/** Free the handles a timer kept. */
export function releaseTimer(entry: GuestTimer): void {
  entry.callback.dispose();
  for (const arg of entry.args) arg.dispose();
}
