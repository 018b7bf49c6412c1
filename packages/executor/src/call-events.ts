import type { CallOutcome, ToolErrorCode } from '@toolcell/core';
import type { ExecutionResolution } from '@toolcell/registry';
import type { EventEmitter } from 'eventemitter3';
import type { CallView } from './call-record.js';
import type { CallEndEvent, DenialStage, PolicyStage, PolicyStageResult, ToolRuntimeEvents } from './runtime-events.js';

// Payloads are built only when someone listens, as object literals rather than spreads of
// a shared base: an object spread costs about a microsecond on V8, and events sit on the
// hot path whenever telemetry is attached. A listener's exception must not corrupt a call
// or end the process: each emit reports it (no closure per event).

const epochNow = (): number => performance.timeOrigin + performance.now();

/** Where a throwing listener (or `finalize`) is reported: `ToolRuntimeOptions.onListenerError`. */
export type ListenerErrorReporter = (error: unknown, context: ListenerErrorContext) => void;

/** What a reported listener error was doing. */
export interface ListenerErrorContext {
  /** The event being emitted (`call-start`, …), `finalize` for a tool's finalizer, `deferred` for a request's `onDeferred`. */
  readonly event: keyof ToolRuntimeEvents | 'finalize' | 'deferred';
  /** The call it was about. */
  readonly callId: string;
}

/** The default: print it, and carry on; a listener never breaks a call or the process. */
export const printListenerError: ListenerErrorReporter = (error, context) => {
  console.error(`toolcell: a "${context.event}" listener threw (call ${context.callId}); the call went on.`, error);
};

/**
 * The runtime's call events, emitted on `emitter` (what `ToolRuntime.events` hands out),
 * with the reporter a throwing listener's error goes to. One per engine.
 */
export class CallEvents {
  constructor(
    readonly emitter: EventEmitter<ToolRuntimeEvents>,
    private readonly reporter: ListenerErrorReporter = printListenerError,
  ) {}

  /** `call-start`: a call was submitted. */
  start(record: CallView): void {
    const events = this.emitter;
    if (events.listenerCount('call-start') === 0) return;
    const { callId, toolName, source, scope, parentCallId } = record;
    try {
      events.emit('call-start', { callId, toolName, source, scopeId: scope.id, parentCallId, at: epochNow() });
    } catch (error) {
      this.reportListenerError(error, { event: 'call-start', callId });
    }
  }

  /** `call-resolve`: the registry resolved it. */
  resolve(record: CallView, resolution: ExecutionResolution['type']): void {
    const events = this.emitter;
    if (events.listenerCount('call-resolve') === 0) return;
    const { callId, toolName, source, scope, parentCallId } = record;
    const executionMode = record.exclusive ? 'exclusive' : 'parallel';
    const readOnly = record.tool?.readOnly === true;
    const { args } = record;
    try {
      events.emit('call-resolve', { callId, toolName, source, scopeId: scope.id, parentCallId, at: epochNow(), resolution, executionMode, mode: scope.mode, readOnly, args });
    } catch (error) {
      this.reportListenerError(error, { event: 'call-resolve', callId });
    }
  }

  /** `call-stage`: it went through a policy stage. */
  stage(record: CallView, stage: PolicyStage, result: PolicyStageResult | undefined, waitMs?: number, budget?: number): void {
    const events = this.emitter;
    if (events.listenerCount('call-stage') === 0) return;
    const { callId, toolName, source, scope, parentCallId } = record;
    try {
      events.emit('call-stage', { callId, toolName, source, scopeId: scope.id, parentCallId, at: epochNow(), stage, result, waitMs, budget });
    } catch (error) {
      this.reportListenerError(error, { event: 'call-stage', callId });
    }
  }

  /** `call-denied`: a stage refused it before its tool ran. */
  denied(record: CallView, stage: DenialStage, code: ToolErrorCode, message: string): void {
    const events = this.emitter;
    if (events.listenerCount('call-denied') === 0) return;
    const { callId, toolName, source, scope, parentCallId } = record;
    try {
      events.emit('call-denied', { callId, toolName, source, scopeId: scope.id, parentCallId, at: epochNow(), stage, code, message });
    } catch (error) {
      this.reportListenerError(error, { event: 'call-denied', callId });
    }
  }

  /** `call-end`: it ended, with its timings (measured when `record.timings` is set). */
  end(record: CallView, outcome: CallOutcome): void {
    const events = this.emitter;
    if (events.listenerCount('call-end') === 0) return;
    const code = outcome.status === 'error' ? outcome.code : undefined;
    const { callId, toolName, source, scope, parentCallId } = record;
    const now = performance.now();
    const at = performance.timeOrigin + now;
    const timings = record.timings;
    const durationMs = timings === undefined ? 0 : now - timings.submittedAt;
    const event: CallEndEvent = {
      callId,
      toolName,
      source,
      scopeId: scope.id,
      parentCallId,
      at,
      status: outcome.status,
      code,
      message: outcome.status === 'error' ? outcome.message : undefined,
      startedAt: at - durationMs,
      durationMs,
      waitMs: timings === undefined || timings.runningAt === 0 ? durationMs : timings.runningAt - timings.submittedAt,
      executeMs: timings === undefined || timings.executeStartedAt === 0 ? undefined : (timings.executeEndedAt || now) - timings.executeStartedAt,
      outcome,
    };
    try {
      events.emit('call-end', event);
    } catch (error) {
      this.reportListenerError(error, { event: 'call-end', callId });
    }
  }

  /** Hand `error` to the reporter; a reporter that throws is ignored. */
  reportListenerError(error: unknown, context: ListenerErrorContext): void {
    try {
      this.reporter(error, context);
    } catch {
      // The reporter itself failed; nothing is left to tell.
    }
  }
}
