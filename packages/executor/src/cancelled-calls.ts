/**
 * The ids of recently cancelled calls, so a nested call that arrives after its parent was
 * cancelled (a program racing its own cancellation) is refused before it runs. Bounded:
 * the oldest ids are forgotten first.
 */
export class CancelledCalls {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity: number) {}

  add(callId: string): void {
    this.ids.delete(callId);
    this.ids.add(callId);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next();
      if (oldest.done !== true) this.ids.delete(oldest.value);
    }
  }

  has(callId: string): boolean {
    return this.ids.has(callId);
  }
}
