import type { CallOutcome, JsonValue } from '@toolcell/core';
import { errorMessage } from '@toolcell/core';
import type { DispatchRequest, FinalApprovalDecision, ParentToken, ToolRuntime } from '@toolcell/executor';
import { nestedCallId } from '@toolcell/executor';
import type { Scope } from '@toolcell/registry';
import type { GuestToolCall, GuestToolParked, GuestToolResponse } from '@toolcell/sandbox';

/** What a durable cell needs of the runtime: dispatch, and cancel the calls it parked. */
export type DurableCellsRuntime = Pick<ToolRuntime, 'dispatchBatch' | 'cancel'>;

/** A call the executor parked (its approval deferred), as the cell keeps it between rounds. */
export interface ParkedCallInfo {
  /** The executor's call id (`<execCallId>:code:<n>`): also the idempotency key of a re-run. */
  readonly callId: string;
  readonly toolName: string;
  /** The arguments that run if approved (after any pre-execute rewrite). */
  readonly args: JsonValue;
}

/** How one round of a durable program reaches the runtime. */
export interface DurableToolBatchOptions {
  readonly runtime: DurableCellsRuntime;
  readonly scope: Scope;
  readonly parent: ParentToken;
  /** JS name → canonical name. */
  readonly canonicalOf: ReadonlyMap<string, string>;
  readonly hostContext?: unknown;
}

const PARKED: GuestToolParked = { parked: true };

/**
 * The `onToolBatch` of a durable run: each call goes through the runtime; a call whose
 * approval the handler defers is answered `{ parked: true }`, so the sandbox can suspend the
 * program once all its calls in flight are parked.
 */
export class DurableToolBatch {
  /** Sandbox call id → the parked executor call. */
  readonly parked = new Map<number, ParkedCallInfo>();

  constructor(private readonly options: DurableToolBatchOptions) {}

  readonly onToolBatch = (calls: readonly GuestToolCall[]): Array<Promise<GuestToolResponse | GuestToolParked>> =>
    calls.map((call) => {
      let deferred!: () => void;
      const wasDeferred = new Promise<GuestToolParked>((resolve) => (deferred = () => resolve(PARKED)));
      const request: DispatchRequest = {
        name: this.options.canonicalOf.get(call.jsName) ?? call.jsName,
        args: call.input,
        callId: nestedCallId(this.options.parent.callId, call.id),
        scope: this.options.scope,
        parent: this.options.parent,
        hostContext: this.options.hostContext,
        onDeferred: (parked) => {
          this.parked.set(call.id, { callId: parked.callId, toolName: parked.toolName, args: parked.args as JsonValue });
          deferred();
        },
      };
      return Promise.race([this.run(request), wasDeferred]);
    });

  /** Run a call whose approval was decided earlier (another process, another round). */
  runDecided(info: ParkedCallInfo, decision: FinalApprovalDecision): Promise<GuestToolResponse> {
    return this.run({ name: info.toolName, args: info.args, callId: info.callId, scope: this.options.scope, parent: this.options.parent, hostContext: this.options.hostContext, decision });
  }

  /** Let go of the calls parked in this process: their cell now lives in the store. */
  releaseParked(reason: string): void {
    for (const info of this.parked.values()) this.options.runtime.cancel(info.callId, reason);
  }

  private async run(request: DispatchRequest): Promise<GuestToolResponse> {
    let outcome: CallOutcome;
    try {
      const [dispatched] = this.options.runtime.dispatchBatch([request]);
      if (dispatched === undefined) throw new Error('the runtime returned no outcome for it');
      outcome = await dispatched;
    } catch (error) {
      return { ok: false, error: { code: 'EXECUTION_FAILED', message: `The host failed to run this call: ${errorMessage(error)}`, callId: request.callId } };
    }
    return toGuest(outcome);
  }
}

/** A call's outcome as the program receives it. */
export function toGuest(outcome: CallOutcome): GuestToolResponse {
  if (outcome.status === 'error') return { ok: false, error: { code: outcome.code, message: outcome.message, callId: outcome.callId } };
  return { ok: true, value: outcome.output.result.value };
}
