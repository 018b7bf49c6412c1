import type { EngineToolCall } from './engine-tool-call.js';

/** A response waiting to enter the guest. */
export interface PendingDelivery {
  readonly id: number;
  readonly ok: boolean;
  readonly json: string;
}

/** What a suspended program's ledger carries over: how many calls it issued and the parked ones. */
export interface ToolCallLedgerState {
  readonly issued: number;
  readonly parked: readonly EngineToolCall[];
}

/**
 * The bookkeeping of one program's tool calls: ids, the calls of the current turn (sent
 * as one batch), the calls in flight (some of them parked by the host), and the responses
 * waiting to enter the guest.
 */
export class ToolCallLedger {
  private issued = 0;
  private readonly inFlight = new Map<number, EngineToolCall>();
  private readonly parkedIds = new Set<number>();
  private readonly turn: EngineToolCall[] = [];
  private readonly waiting: PendingDelivery[] = [];

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

  /** How many calls in flight are parked. */
  get parkedCount(): number {
    return this.parkedIds.size;
  }

  /** Whether calls are in flight and every one of them is parked. */
  get allParked(): boolean {
    return this.inFlight.size > 0 && this.parkedIds.size === this.inFlight.size;
  }

  /** Record a call of the current turn; returns its id (the guest numbers its calls the same way: 1, 2, …). */
  issue(jsName: string, inputJson: string): number {
    this.issued += 1;
    const id = this.issued;
    const call = { id, jsName, inputJson };
    this.inFlight.set(id, call);
    this.turn.push(call);
    return id;
  }

  /** The calls of the turn that just ended (possibly none). */
  takeBatch(): EngineToolCall[] {
    return this.turn.splice(0);
  }

  /** Mark a call in flight as parked (its answer comes later, maybe in another process); false when it is not in flight. */
  park(id: number): boolean {
    if (!this.inFlight.has(id)) return false;
    this.parkedIds.add(id);
    return true;
  }

  /** Queue a response; false when the call is unknown or already answered. A parked call may be answered too. */
  answer(delivery: PendingDelivery): boolean {
    if (!this.inFlight.delete(delivery.id)) return false;
    this.parkedIds.delete(delivery.id);
    this.waiting.push(delivery);
    return true;
  }

  /** The queued responses, in arrival order. */
  takeDeliveries(): PendingDelivery[] {
    return this.waiting.splice(0);
  }

  /** What a suspension records (call only when {@link allParked}). */
  state(): ToolCallLedgerState {
    return { issued: this.issued, parked: [...this.inFlight.values()] };
  }

  /** Take over a suspended program's calls: the parked ones are in flight again, still parked. */
  restore(state: ToolCallLedgerState): void {
    this.issued = state.issued;
    for (const call of state.parked) {
      this.inFlight.set(call.id, call);
      this.parkedIds.add(call.id);
    }
  }
}
