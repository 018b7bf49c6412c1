import type { EngineToolCall } from './engine-sink.js';

/** A response waiting to enter the guest. */
export interface PendingDelivery {
  readonly id: number;
  readonly ok: boolean;
  readonly json: string;
}

/**
 * The bookkeeping of one program's tool calls: ids, the calls of the current turn (sent
 * as one batch), the calls in flight, and the responses waiting to enter the guest.
 */
export class ToolCallLedger {
  private issued = 0;
  private readonly inFlight = new Set<number>();
  private turn: EngineToolCall[] = [];
  private waiting: PendingDelivery[] = [];

  /** Calls issued so far. */
  get count(): number {
    return this.issued;
  }

  /** Whether any call awaits its response. */
  get busy(): boolean {
    return this.inFlight.size > 0;
  }

  /** Whether responses wait to enter the guest. */
  get hasDeliveries(): boolean {
    return this.waiting.length > 0;
  }

  /** Record a call of the current turn; returns its id (the guest numbers its calls the same way: 1, 2, …). */
  issue(jsName: string, inputJson: string): number {
    this.issued += 1;
    const id = this.issued;
    this.inFlight.add(id);
    this.turn.push({ id, jsName, inputJson });
    return id;
  }

  /** The calls of the turn that just ended (possibly none). */
  takeBatch(): EngineToolCall[] {
    const batch = this.turn;
    this.turn = [];
    return batch;
  }

  /** Queue a response; false when the call is unknown or already answered. */
  answer(delivery: PendingDelivery): boolean {
    if (!this.inFlight.delete(delivery.id)) return false;
    this.waiting.push(delivery);
    return true;
  }

  /** The queued responses, in arrival order. */
  takeDeliveries(): PendingDelivery[] {
    const deliveries = this.waiting;
    this.waiting = [];
    return deliveries;
  }
}
