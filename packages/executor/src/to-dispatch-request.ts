import type { ToolCallRequest } from '@toolcell/core';
import type { Scope } from '@toolcell/registry';
import type { DispatchRequest } from './dispatch-request.js';

/** Where a provider's parsed call runs: {@link toDispatchRequest}. */
export interface ToDispatchRequestOptions {
  /** The scope whose wire declarations the model was sent. */
  readonly scope: Scope;
  /** Cancels the call (the turn was abandoned). */
  readonly signal?: AbortSignal;
}

/**
 * The bridge from a provider adapter to the runtime: a parsed call
 * (`adapter.parseResponse(…).toolCalls[i]`) as a top-level dispatch request. Freeform input
 * (`exec`'s program) and function arguments both become `args`; the call keeps its id and
 * its source (`model`, or `provider_code` for a provider's own code runner). Give the
 * outcome back with the request, `{ request, outcome }`, to `adapter.toToolResultMessages`.
 * A call with an `argumentsError` should end as `invalidArgumentsOutcome(request)` from
 * `@toolcell/providers` instead; dispatched anyway, it ends as `INVALID_ARGS`.
 *
 * @example
 * ```ts
 * const outcome = invalidArgumentsOutcome(call) ?? (await runtime.dispatch(toDispatchRequest(call, { scope: registry.root })));
 * ```
 */
export function toDispatchRequest(call: ToolCallRequest, options: ToDispatchRequestOptions): DispatchRequest {
  const request: DispatchRequest = {
    name: call.name,
    // Unparseable arguments have neither: `undefined` is not JSON, so the call ends INVALID_ARGS.
    args: call.input ?? call.args,
    callId: call.callId,
    scope: options.scope,
    source: call.source,
  };
  return options.signal === undefined ? request : { ...request, signal: options.signal };
}
