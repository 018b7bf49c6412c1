import type { CallOutcome } from '@toolcell/core';
import type { CallEndEvent, CallEventBase, ToolRuntime } from '@toolcell/executor';
import type { CallIdentity, TranscriptSink } from './transcript-event.js';

function identity(event: CallEventBase): CallIdentity {
  const { source } = event;
  return {
    callId: event.callId,
    name: event.toolName,
    source: source.type,
    ...(source.type === 'code_mode' ? { parentCallId: source.parentCallId, cellId: source.cellId } : {}),
  };
}

/**
 * `call-end` events of top-level calls kept until their outcome's `call_end` line takes
 * them. A call dispatched by someone else on the same runtime (the MCP server's clients)
 * never gets that line, so past this many the oldest is forgotten: a long-running host
 * keeps flat memory, and a line that comes that late only lacks its duration.
 */
export const KEPT_CALL_ENDS = 256;

function round(milliseconds: number): number {
  return Math.round(milliseconds * 100) / 100;
}

/**
 * Turns the executor's events and hooks into transcript lines: `call_start` for every
 * call, `hook` from pre/post-execute listeners, and `call_end` — for nested calls from the
 * `call-end` event, for the model's calls from their outcome.
 */
export class CallReporter {
  /** Oldest first; at most {@link KEPT_CALL_ENDS}. */
  private readonly ends = new Map<string, CallEndEvent>();

  constructor(private readonly transcript: TranscriptSink) {}

  /** Listen to a runtime's events and hooks. */
  attach(runtime: ToolRuntime): void {
    const { events } = runtime;
    events.on('call-start', (event) => this.transcript({ type: 'call_start', ...identity(event) }));
    events.on('call-end', (event) => {
      if (event.source.type !== 'code_mode') {
        this.ends.delete(event.callId);
        this.ends.set(event.callId, event);
        for (const oldest of this.ends.keys()) {
          if (this.ends.size <= KEPT_CALL_ENDS) break;
          this.ends.delete(oldest);
        }
        return;
      }
      this.transcript({
        type: 'call_end',
        ...identity(event),
        status: event.status,
        ...(event.code === undefined ? {} : { code: event.code }),
        ...(event.message === undefined ? {} : { message: event.message }),
        durationMs: round(event.durationMs),
      });
    });
    runtime.onPreExecute((call) => {
      this.transcript({ type: 'hook', stage: 'pre_execute', callId: call.callId, name: call.toolName });
    });
    runtime.onPostExecute((call) => {
      this.transcript({ type: 'hook', stage: 'post_execute', callId: call.callId, name: call.toolName });
    });
  }

  /** A model call that never reached the executor (its arguments could not be read). */
  reportUndispatched(outcome: CallOutcome): void {
    this.transcript({ type: 'call_start', callId: outcome.callId, name: outcome.toolName, source: 'model' });
    this.reportModelCallEnd(outcome);
  }

  /** The `call_end` line of a call the model made, from its outcome. */
  reportModelCallEnd(outcome: CallOutcome): void {
    const end = this.ends.get(outcome.callId);
    this.ends.delete(outcome.callId);
    this.transcript({
      type: 'call_end',
      callId: outcome.callId,
      name: end?.toolName ?? outcome.toolName,
      source: 'model',
      status: outcome.status,
      ...(outcome.status === 'error' ? { code: outcome.code, message: outcome.message } : {}),
      ...(end ? { durationMs: round(end.durationMs) } : {}),
    });
  }
}
