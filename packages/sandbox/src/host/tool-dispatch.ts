import type { GuestToolCall } from '../contract/guest-tool-call.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { describeThrown, encodeJsonValue } from './encode-json-value.js';

/** A response as it enters the guest: the value's JSON, or the error detail's JSON. */
export interface EncodedResponse {
  readonly ok: boolean;
  readonly json: string;
}

/** The most characters of a tool error's message the guest receives; the rest is cut. */
export const TOOL_MESSAGE_CHARS = 8_000;
const TOOL_CODE_CHARS = 100;
const TOOL_CALL_ID_CHARS = 200;

function bounded(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… [${text.length - limit} more characters]`;
}

function failure(code: string, message: string): EncodedResponse {
  return { ok: false, json: JSON.stringify({ code, message: bounded(message, TOOL_MESSAGE_CHARS) }) };
}

function notAResponse(label: string): EncodedResponse {
  return failure('EXECUTION_FAILED', `the host answered ${label} with something that is not a tool response`);
}

function encodeSuccess(value: unknown, label: string, limits: SandboxLimits): EncodedResponse {
  const encoded = encodeJsonValue(value === undefined ? null : value, limits.maxMessageBytes);
  if (encoded.ok) return { ok: true, json: encoded.json };
  if (encoded.problem === 'too-large') {
    return failure(
      'EXEC_OUTPUT_LIMIT',
      `the result of ${label} could not be passed to the program: it is over the sandbox's limit of ${limits.maxMessageBytes} bytes of JSON for one message`,
    );
  }
  return failure('EXECUTION_FAILED', `the result of ${label} could not be passed to the program: ${encoded.reason}`);
}

function encodeFailure(error: Record<string, unknown>, label: string): EncodedResponse {
  const { code, message, callId } = error;
  // Only as much of each as the guest may receive is copied (a message can be huge).
  const detail = {
    code: typeof code === 'string' ? code.slice(0, TOOL_CODE_CHARS) : 'EXECUTION_FAILED',
    message: typeof message === 'string' ? bounded(message, TOOL_MESSAGE_CHARS) : `${label} failed`,
    ...(typeof callId === 'string' ? { callId: callId.slice(0, TOOL_CALL_ID_CHARS) } : {}),
  };
  return { ok: false, json: JSON.stringify(detail) };
}

/**
 * Check and encode the host's answer to one call. Never throws, whatever the answer is
 * (getters and Proxy traps included): a malformed answer or a value that is not plain
 * JSON data (or nests deeper than `MAX_JSON_DEPTH`) fails the call with
 * `EXECUTION_FAILED`, a value over `maxMessageBytes` with `EXEC_OUTPUT_LIMIT`; an error's
 * message is cut to {@link TOOL_MESSAGE_CHARS}. The host is trusted, but its mistakes end
 * up in the guest as errors of that call instead of crashing the run or the host.
 */
export function encodeToolResponse(response: unknown, call: GuestToolCall, limits: SandboxLimits): EncodedResponse {
  const label = `tools.${call.jsName}`;
  try {
    if (typeof response !== 'object' || response === null) return notAResponse(label);
    const { ok } = response as { ok?: unknown };
    if (ok === true) return encodeSuccess((response as { value?: unknown }).value, label, limits);
    const error = (response as { error?: unknown }).error;
    if (ok !== false || typeof error !== 'object' || error === null) return notAResponse(label);
    return encodeFailure(error as Record<string, unknown>, label);
  } catch (error) {
    return failure('EXECUTION_FAILED', `the answer to ${label} could not be passed to the program: reading it threw (${describeThrown(error)})`);
  }
}

/** Whether a host's answer is `{ parked: true }` (read without ever throwing). */
function isParked(response: unknown): boolean {
  try {
    return typeof response === 'object' && response !== null && (response as { parked?: unknown }).parked === true && (response as { ok?: unknown }).ok === undefined;
  } catch {
    return false;
  }
}

/**
 * Hand one turn's calls to `request.onToolBatch` and route each answer to `deliver`. A
 * throwing callback, a missing promise, a rejected one or an answer that cannot be read
 * fails that call with `EXECUTION_FAILED`; the program keeps running. Nothing here can
 * throw or leave a rejection unhandled, whatever the host returns. An answer `{ parked: true }`
 * goes to `park` (a durable run); without `park` it fails the call.
 */
export function dispatchToolBatch(
  request: RunProgramRequest,
  calls: readonly GuestToolCall[],
  limits: SandboxLimits,
  deliver: (id: number, response: EncodedResponse) => void,
  park?: (id: number) => void,
): void {
  const send = (id: number, response: EncodedResponse): void => {
    try {
      deliver(id, response);
    } catch {
      // The run ended while the answer was on its way; nobody waits for it.
    }
  };
  let promises: unknown;
  try {
    promises = request.onToolBatch(calls);
  } catch (error) {
    for (const call of calls) send(call.id, failure('EXECUTION_FAILED', `the host failed to start tools.${call.jsName}: ${describeThrown(error)}`));
    return;
  }
  calls.forEach((call, index) => {
    let answer: unknown;
    try {
      answer = Array.isArray(promises) ? (promises as unknown[])[index] : undefined;
      if (typeof (answer as PromiseLike<unknown> | undefined)?.then !== 'function') answer = undefined;
    } catch {
      answer = undefined;
    }
    if (answer === undefined) {
      send(call.id, failure('EXECUTION_FAILED', `the host returned no answer for tools.${call.jsName}`));
      return;
    }
    // A resolve function, unlike Promise.resolve, never throws (not even for a promise with a hostile `constructor`).
    new Promise<unknown>((resolve) => resolve(answer)).then(
      (response) => {
        if (!isParked(response)) send(call.id, encodeToolResponse(response, call, limits));
        else if (park !== undefined) park(call.id);
        else send(call.id, failure('EXECUTION_FAILED', `the host parked tools.${call.jsName}, but the program is not durable: only a durable run can park a call`));
      },
      (error: unknown) => send(call.id, failure('EXECUTION_FAILED', `tools.${call.jsName} failed in the host: ${describeThrown(error)}`)),
    );
  });
}
