import type { CallOutcome, JsonValue } from '@toolcell/core';
import { errorMessage } from '@toolcell/core';
import type { DispatchRequest, FinalApprovalDecision, ParentToken } from '@toolcell/executor';
import { nestedCallId } from '@toolcell/executor';
import type { Binding, Scope } from '@toolcell/registry';

/** JS name → canonical name of a scope's bindings (what a program's `tools.<jsName>` calls). */
export function canonicalNames(bindings: readonly Binding[]): ReadonlyMap<string, string> {
  return new Map(bindings.map((binding) => [binding.jsName, binding.canonicalName]));
}
import type { GuestToolCall, GuestToolParked, GuestToolResponse } from '@toolcell/sandbox';
import type { UnobservedCall } from './unobserved-call.js';
import type { CodeModeRuntime } from './code-mode-runtime.js';

const PROGRAM_ENDED = AbortSignal.abort(new Error('the program ended before it awaited this call'));
const PARKED: GuestToolParked = { parked: true };

/** A call the executor parked (its approval deferred), as a durable cell keeps it between rounds. */
export interface ParkedCallInfo {
  /** The executor's call id (`<execCallId>:code:<n>`): also the idempotency key of a re-run. */
  readonly callId: string;
  readonly toolName: string;
  /** The arguments that run if approved (after any pre-execute rewrite). */
  readonly args: JsonValue;
}

/** What one program's nested calls need. */
export interface NestedCallsOptions {
  readonly runtime: CodeModeRuntime;
  readonly scope: Scope;
  readonly parent: ParentToken;
  /** JS name → canonical name, of the scope's bindings. */
  readonly canonicalOf: ReadonlyMap<string, string>;
  /** Whether nobody observes the cell right now (its agent turn has ended). */
  readonly isUnobserved?: () => boolean;
  readonly onUnobservedCall?: ((call: UnobservedCall) => void | Promise<void>) | undefined;
  /** Receives context that post-execute hooks attached to a nested outcome, for the model. */
  readonly onModelContext?: (notes: readonly string[]) => void;
  /** The `exec` call's host context, which every nested call carries. */
  readonly hostContext?: unknown;
  /**
   * A durable program's calls: a call whose approval the handler defers is answered
   * `{ parked: true }` at once (and listed in `parked`), so the sandbox can suspend the
   * program once all its calls in flight are parked.
   */
  readonly parks?: boolean;
}

/**
 * The bridge from a program's `tools.<jsName>(…)` calls to the runtime: each guest turn's
 * calls are dispatched as one batch with the parent token, so they re-enter the same
 * pipeline (validation, hooks, guards, approval, budgets, events) as a direct call.
 */
export class NestedCalls {
  /** Sandbox call id → the call the executor parked (with `parks`). */
  readonly parked = new Map<number, ParkedCallInfo>();
  private readonly controller = new AbortController();
  /** The program's calls whose responses have not settled yet. */
  private inFlight = 0;
  /** What `settle` awaits while calls are in flight, and its resolver. */
  private idle: Promise<void> | undefined;
  private whenIdle: (() => void) | undefined;
  private readonly canonicalOf: ReadonlyMap<string, string>;

  constructor(private readonly options: NestedCallsOptions) {
    this.canonicalOf = options.canonicalOf;
  }

  /**
   * The sandbox's `onToolBatch`. Never throws, and every promise it returns resolves: a
   * failure while dispatching one call or converting its outcome fails that call alone.
   */
  readonly onToolBatch = (calls: readonly GuestToolCall[]): Array<Promise<GuestToolResponse | GuestToolParked>> => {
    const deferrals: Array<Promise<GuestToolParked> | undefined> = [];
    const requests: DispatchRequest[] = calls.map((call) => ({
      // An unknown JS name goes through as is: the executor refuses it like any forged name.
      name: this.canonicalOf.get(call.jsName) ?? call.jsName,
      args: call.input,
      callId: nestedCallId(this.options.parent.callId, call.id),
      scope: this.options.scope,
      parent: this.options.parent,
      hostContext: this.options.hostContext,
      // A call the program never awaited reached us after it ended: it is dispatched
      // already cancelled, so it is recorded (events, audit) and ends without running.
      signal: call.unawaited === true ? PROGRAM_ENDED : this.controller.signal,
      ...(this.options.parks === true ? { onDeferred: this.deferral(call.id, deferrals) } : {}),
    }));
    const unobserved = this.options.isUnobserved?.() === true && this.options.onUnobservedCall !== undefined;
    // Counted once nothing below can throw: each response leaves in its function's last step.
    this.inFlight += requests.length;
    const responses = unobserved ? requests.map((request) => this.afterHostDecision(request)) : this.dispatch(requests).map((outcome, index) => this.forGuest(outcome, requests[index] as DispatchRequest));
    return responses.map((response, index) => {
      const deferred = deferrals[index];
      return deferred === undefined ? response : Promise.race([response, deferred]);
    });
  };

  /**
   * Run a call whose approval was decided earlier (a durable cell's parked call, decided in
   * this or another process): through the runtime with the recorded decision.
   */
  runDecided(info: ParkedCallInfo, decision: FinalApprovalDecision): Promise<GuestToolResponse> {
    const request: DispatchRequest = { name: info.toolName, args: info.args, callId: info.callId, scope: this.options.scope, parent: this.options.parent, hostContext: this.options.hostContext, decision };
    this.inFlight += 1;
    return this.forGuest(this.dispatch([request])[0] as Promise<CallOutcome>, request);
  }

  /** Cancel calls still pending (the program ended, or was suspended) and wait until they have settled. */
  async settle(reason = 'the program ended before this call finished'): Promise<void> {
    this.controller.abort(new Error(reason));
    while (this.inFlight > 0) {
      this.idle ??= new Promise<void>((resolve) => {
        this.whenIdle = resolve;
      });
      await this.idle;
    }
  }

  /** The `onDeferred` of call `id`: list it as parked and answer the program `{ parked: true }`. */
  private deferral(id: number, deferrals: Array<Promise<GuestToolParked> | undefined>): DispatchRequest['onDeferred'] {
    let park!: () => void;
    deferrals.push(new Promise<GuestToolParked>((resolve) => (park = () => resolve(PARKED))));
    return (call) => {
      this.parked.set(id, { callId: call.callId, toolName: call.toolName, args: call.args as JsonValue });
      park();
    };
  }

  private responded(): void {
    this.inFlight -= 1;
    const whenIdle = this.whenIdle;
    if (this.inFlight > 0 || whenIdle === undefined) return;
    this.idle = undefined;
    this.whenIdle = undefined;
    whenIdle();
  }

  private async afterHostDecision(request: DispatchRequest): Promise<GuestToolResponse> {
    if (request.signal === PROGRAM_ENDED) return this.forGuest(this.dispatch([request])[0] as Promise<CallOutcome>, request);
    try {
      await this.options.onUnobservedCall?.({ cellId: this.options.parent.cellId, callId: request.callId, toolName: request.name });
    } catch (error) {
      this.responded();
      return failed(request, 'DENIED', `The host held back this call from a cell nobody is observing: ${errorMessage(error)}`);
    }
    const [outcome] = this.dispatch([request]);
    return this.forGuest(outcome as Promise<CallOutcome>, request);
  }

  /** One outcome promise per request, whatever the runtime does. */
  private dispatch(requests: readonly DispatchRequest[]): Array<Promise<CallOutcome>> {
    let outcomes: readonly Promise<CallOutcome>[];
    try {
      outcomes = this.options.runtime.dispatchBatch(requests);
    } catch (error) {
      return requests.map(() => Promise.reject(error instanceof Error ? error : new Error(errorMessage(error))));
    }
    return requests.map((_request, index) => outcomes[index] ?? Promise.reject(new Error('the runtime returned no outcome for it')));
  }

  private async forGuest(outcome: Promise<CallOutcome>, request: DispatchRequest): Promise<GuestToolResponse> {
    let settled: CallOutcome;
    try {
      settled = await outcome;
    } catch (error) {
      this.responded();
      return failed(request, 'EXECUTION_FAILED', `The host failed to run this call: ${errorMessage(error)}`);
    }
    try {
      return this.toGuest(settled);
    } catch (error) {
      return failed(request, 'EXECUTION_FAILED', `The host could not hand this call's outcome to the program: ${errorMessage(error)}`);
    } finally {
      this.responded();
    }
  }

  private toGuest(outcome: CallOutcome): GuestToolResponse {
    if (outcome.modelContext) this.options.onModelContext?.(outcome.modelContext);
    if (outcome.status === 'error') {
      return { ok: false, error: { code: outcome.code, message: outcome.message, callId: outcome.callId } };
    }
    // Checked once, by the sandbox as it encodes the answer: a value that is not plain JSON
    // data fails this call alone, with the tool's name and the path in the message.
    return { ok: true, value: outcome.output.result.value };
  }
}

function failed(request: DispatchRequest, code: 'DENIED' | 'EXECUTION_FAILED', message: string): GuestToolResponse {
  return { ok: false, error: { code, message, callId: request.callId } };
}
