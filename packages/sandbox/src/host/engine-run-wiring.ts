import type { JsonValue } from '@toolcell/core';
import type { GuestToolCall } from '../contract/guest-tool-call.js';
import type { OutputItem } from '../contract/output-item.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { EngineSink } from '../guest/engine-sink.js';
import { decodeGuestEvent, deliverGuestEvent } from '../shared/guest-events.js';
import type { GuestEventReceiver } from '../shared/guest-events.js';
import { callSafely } from './call-safely.js';
import { dispatchToolBatch } from './tool-dispatch.js';

/** Where a run's answers go: the engine run, once it exists. */
export interface AnswerTarget {
  deliver(id: number, ok: boolean, json: string): void;
  park(id: number): void;
}

/** What {@link engineSinkFor} wires. */
export interface EngineSinkOptions {
  readonly request: RunProgramRequest;
  readonly limits: SandboxLimits;
  /** The run's output: every item the guest produces is pushed here, then told to `onOutput`. */
  readonly output: OutputItem[];
  /** The engine run answers go to (read at each answer: the sink exists before the run). */
  target(): AnswerTarget;
  /** Whether the host may park calls (a durable run); otherwise parking fails the call. */
  readonly parks: boolean;
}

/**
 * The sink of a run whose engine is in this thread (the in-process transport, durable or
 * not): tool batches go to `request.onToolBatch` and their answers to the engine run; guest
 * events go through the switchboard to the request's callbacks.
 */
export function engineSinkFor(options: EngineSinkOptions): EngineSink {
  const { request, limits, output } = options;
  const receiver: GuestEventReceiver = {
    request,
    callSafely: (callback, call) => callSafely(request, callback, call),
    output: (item) => {
      output.push(item);
      callSafely(request, 'onOutput', () => request.onOutput?.(item));
    },
  };
  const park = options.parks ? (id: number): void => options.target().park(id) : undefined;
  return {
    toolBatch: (calls) => {
      const guestCalls = calls.map(({ id, jsName, inputJson, unawaited }): GuestToolCall => {
        const input = JSON.parse(inputJson) as JsonValue;
        return unawaited ? { id, jsName, input, unawaited } : { id, jsName, input };
      });
      dispatchToolBatch(request, guestCalls, limits, (id, response) => options.target().deliver(id, response.ok, response.json), park);
    },
    event: (event) => deliverGuestEvent(decodeGuestEvent(event), receiver),
  };
}

/** An engine run as {@link driveEngineRun} starts it. */
export interface StartableRun<Outcome> {
  start(): Promise<Outcome>;
  cancel(): void;
}

/**
 * Start `engineRun` and wait for its outcome: it is in `running` meanwhile (the transport
 * cancels those when it closes), and the request's signal cancels it.
 */
export async function driveEngineRun<Outcome>(
  engineRun: StartableRun<Outcome>,
  request: RunProgramRequest,
  running: Set<{ cancel(): void }>,
  closed: () => boolean,
): Promise<Outcome> {
  running.add(engineRun);
  const onAbort = (): void => engineRun.cancel();
  request.signal?.addEventListener('abort', onAbort, { once: true });
  const finished = engineRun.start();
  if (request.signal?.aborted || closed()) engineRun.cancel();
  try {
    return await finished;
  } finally {
    running.delete(engineRun);
    request.signal?.removeEventListener('abort', onAbort);
  }
}
