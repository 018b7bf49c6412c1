import type { FinalApprovalDecision, ParentToken, ToolRuntime } from '@toolcell/executor';
import type { Scope } from '@toolcell/registry';
import type { GuestToolCall, GuestToolParked, GuestToolResponse, ParkedCall, SuspendRefusal } from '@toolcell/sandbox';
import type { UnobservedCall } from '../unobserved-call.js';
import type { ParkedCallInfo } from '../nested-calls.js';
import { NestedCalls } from '../nested-calls.js';

export type { ParkedCallInfo } from '../nested-calls.js';

/** What a durable cell needs of the runtime: dispatch, and cancel the calls it parked. */
export type DurableCellsRuntime = Pick<ToolRuntime, 'dispatchBatch' | 'cancel'>;

/** How one round of a durable program reaches the runtime. */
export interface DurableToolBatchOptions {
  readonly runtime: DurableCellsRuntime;
  readonly scope: Scope;
  readonly parent: ParentToken;
  /** JS name → canonical name. */
  readonly canonicalOf: ReadonlyMap<string, string>;
  readonly hostContext?: unknown;
  /** Whether nobody observes the cell right now (Code Mode's cells; default: never). */
  readonly isUnobserved?: () => boolean;
  readonly onUnobservedCall?: ((call: UnobservedCall) => void | Promise<void>) | undefined;
  /** Receives context that post-execute hooks attached to a nested outcome, for the model. */
  readonly onModelContext?: (notes: readonly string[]) => void;
}

/**
 * The `onToolBatch` of a durable run: each call goes through the runtime (as any program's
 * nested call, see {@link NestedCalls}); a call whose approval the handler defers is
 * answered `{ parked: true }`, so the sandbox can suspend the program once all its calls in
 * flight are parked.
 */
export class DurableToolBatch {
  readonly #nested: NestedCalls;
  readonly #runtime: DurableCellsRuntime;

  constructor(options: DurableToolBatchOptions) {
    this.#runtime = options.runtime;
    this.#nested = new NestedCalls({ ...options, parks: true });
  }

  /** Sandbox call id → the parked executor call. */
  get parked(): ReadonlyMap<number, ParkedCallInfo> {
    return this.#nested.parked;
  }

  readonly onToolBatch = (calls: readonly GuestToolCall[]): Array<Promise<GuestToolResponse | GuestToolParked>> => this.#nested.onToolBatch(calls);

  /**
   * The program could not be suspended (its snapshot would be over `maxSnapshotBytes`), so it
   * keeps running here: nobody could decide its parked calls later, and each is refused
   * `DENIED` with the reason (the program may catch it) and let go of in the runtime.
   */
  readonly onSuspendRefused = (refusal: SuspendRefusal, parked: readonly ParkedCall[], answer: (id: number, response: GuestToolResponse) => void): void => {
    for (const call of parked) {
      const info = this.#nested.parked.get(call.id);
      const message = `"${info?.toolName ?? call.jsName}" needs an approval decided later, but ${refusal.message.replace(/; it keeps running.*$/u, '')}. Keep less data in the program's variables while it waits, or raise limits.maxSnapshotBytes.`;
      if (info !== undefined) this.#runtime.cancel(info.callId, message);
      answer(call.id, { ok: false, error: { code: 'DENIED', message, callId: info?.callId ?? String(call.id) } });
    }
  };

  /** Run a call whose approval was decided earlier (another process, another round). */
  runDecided(info: ParkedCallInfo, decision: FinalApprovalDecision): Promise<GuestToolResponse> {
    return this.#nested.runDecided(info, decision);
  }

  /** Let go of the calls parked in this process: their cell now lives in the store. */
  releaseParked(reason: string): void {
    for (const info of this.#nested.parked.values()) this.#runtime.cancel(info.callId, reason);
  }

  /** Cancel the calls still in flight (the round ended) and wait until they have settled. */
  settle(reason?: string): Promise<void> {
    return this.#nested.settle(reason);
  }
}
