import type { GuestToolCall, GuestToolResponse } from './guest-tool-call.js';
import type { RunProgramRequest } from './run-program-request.js';
import type { SandboxLimits } from './sandbox-limits.js';
import { fitsUtf8, utf8Length } from './engine/utf8-length.js';

/** A response as it enters the guest: the value's JSON, or the error detail's JSON. */
export interface EncodedResponse {
  readonly ok: boolean;
  readonly json: string;
}

function failure(code: string, message: string): EncodedResponse {
  return { ok: false, json: JSON.stringify({ code, message }) };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Check and encode the host's answer to one call. A malformed answer or a value that is
 * not JSON fails the call with `EXECUTION_FAILED`; a value over `maxMessageBytes` fails it
 * with `EXEC_OUTPUT_LIMIT`. The host is trusted, but its mistakes end up in the guest as
 * errors instead of crashing the run.
 */
export function encodeToolResponse(response: unknown, call: GuestToolCall, limits: SandboxLimits): EncodedResponse {
  const label = `tools.${call.jsName}`;
  if (typeof response !== 'object' || response === null || !('ok' in response)) {
    return failure('EXECUTION_FAILED', `the host answered ${label} with something that is not a tool response`);
  }
  const candidate = response as GuestToolResponse;
  if (candidate.ok === true) {
    let json: string | undefined;
    try {
      json = JSON.stringify(candidate.value);
    } catch (error) {
      return failure('EXECUTION_FAILED', `the result of ${label} is not JSON data (${messageOf(error)})`);
    }
    json ??= 'null';
    if (!fitsUtf8(json, limits.maxMessageBytes)) {
      return failure(
        'EXEC_OUTPUT_LIMIT',
        `the result of ${label} is ${utf8Length(json)} bytes of JSON, over the sandbox's limit of ${limits.maxMessageBytes} bytes for one message`,
      );
    }
    return { ok: true, json };
  }
  const error = (candidate as { error?: unknown }).error as Record<string, unknown> | undefined;
  if (candidate.ok !== false || typeof error !== 'object' || error === null) {
    return failure('EXECUTION_FAILED', `the host answered ${label} with something that is not a tool response`);
  }
  const detail = {
    code: typeof error.code === 'string' ? error.code : 'EXECUTION_FAILED',
    message: typeof error.message === 'string' ? error.message : `${label} failed`,
    ...(typeof error.callId === 'string' ? { callId: error.callId } : {}),
  };
  return { ok: false, json: JSON.stringify(detail) };
}

/**
 * Hand one turn's calls to `request.onToolBatch` and route each answer to `deliver`. A
 * throwing callback, a missing promise or a rejected one fails that call with
 * `EXECUTION_FAILED`; the program keeps running.
 */
export function dispatchToolBatch(
  request: RunProgramRequest,
  calls: readonly GuestToolCall[],
  limits: SandboxLimits,
  deliver: (id: number, response: EncodedResponse) => void,
): void {
  let promises: ReadonlyArray<Promise<GuestToolResponse>>;
  try {
    promises = request.onToolBatch(calls);
  } catch (error) {
    for (const call of calls) deliver(call.id, failure('EXECUTION_FAILED', `the host failed to start tools.${call.jsName}: ${messageOf(error)}`));
    return;
  }
  calls.forEach((call, index) => {
    const promise = Array.isArray(promises) ? (promises[index] as unknown) : undefined;
    if (typeof (promise as PromiseLike<unknown> | undefined)?.then !== 'function') {
      deliver(call.id, failure('EXECUTION_FAILED', `the host returned no answer for tools.${call.jsName}`));
      return;
    }
    Promise.resolve(promise).then(
      (response) => deliver(call.id, encodeToolResponse(response, call, limits)),
      (error: unknown) => deliver(call.id, failure('EXECUTION_FAILED', `tools.${call.jsName} failed in the host: ${messageOf(error)}`)),
    );
  });
}
