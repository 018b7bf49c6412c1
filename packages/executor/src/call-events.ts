import type { CallOutcome, ToolErrorCode } from '@toolcell/core';
import type { ExecutionResolution } from '@toolcell/registry';
import type { EventEmitter } from 'eventemitter3';
import type { CallRecord } from './call-record.js';
import type { CallEndEvent, DenialStage, PolicyStage, PolicyStageResult, ToolRuntimeEvents } from './runtime-events.js';

// Payloads are built only when someone listens, as object literals rather than spreads of
// a shared base: an object spread costs about a microsecond on V8, and events sit on the
// hot path whenever telemetry is attached.

type Events = EventEmitter<ToolRuntimeEvents>;

const epochNow = (): number => performance.timeOrigin + performance.now();

/** `call-start`: a call was submitted. */
export function emitStart(events: Events, record: CallRecord): void {
  if (events.listenerCount('call-start') === 0) return;
  const { callId, toolName, source, scope, parentCallId } = record;
  guarded(() => events.emit('call-start', { callId, toolName, source, scopeId: scope.id, parentCallId, at: epochNow() }));
}

/** `call-resolve`: the registry resolved it. */
export function emitResolve(events: Events, record: CallRecord, resolution: ExecutionResolution['type']): void {
  if (events.listenerCount('call-resolve') === 0) return;
  const { callId, toolName, source, scope, parentCallId } = record;
  const executionMode = record.exclusive ? 'exclusive' : 'parallel';
  const readOnly = record.tool?.readOnly === true;
  const { args } = record;
  guarded(() =>
    events.emit('call-resolve', { callId, toolName, source, scopeId: scope.id, parentCallId, at: epochNow(), resolution, executionMode, mode: scope.mode, readOnly, args }),
  );
}

/** `call-stage`: it went through a policy stage. */
export function emitStage(
  events: Events,
  record: CallRecord,
  stage: PolicyStage,
  result: PolicyStageResult | undefined,
  waitMs?: number,
  budget?: number,
): void {
  if (events.listenerCount('call-stage') === 0) return;
  const { callId, toolName, source, scope, parentCallId } = record;
  guarded(() => events.emit('call-stage', { callId, toolName, source, scopeId: scope.id, parentCallId, at: epochNow(), stage, result, waitMs, budget }));
}

/** `call-denied`: a stage refused it before its tool ran. */
export function emitDenied(events: Events, record: CallRecord, stage: DenialStage, code: ToolErrorCode, message: string): void {
  if (events.listenerCount('call-denied') === 0) return;
  const { callId, toolName, source, scope, parentCallId } = record;
  guarded(() => events.emit('call-denied', { callId, toolName, source, scopeId: scope.id, parentCallId, at: epochNow(), stage, code, message }));
}

/** `call-end`: it ended, with its timings (measured when `record.timed`). */
export function emitEnd(events: Events, record: CallRecord, outcome: CallOutcome): void {
  if (events.listenerCount('call-end') === 0) return;
  const code = outcome.status === 'error' ? outcome.code : undefined;
  const { callId, toolName, source, scope, parentCallId } = record;
  const now = performance.now();
  const at = performance.timeOrigin + now;
  const durationMs = record.timed ? now - record.submittedAt : 0;
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
    waitMs: record.runningAt === 0 ? durationMs : record.runningAt - record.submittedAt,
    executeMs: record.executeStartedAt === 0 ? undefined : (record.executeEndedAt || now) - record.executeStartedAt,
    outcome,
  };
  guarded(() => events.emit('call-end', event));
}

/** A listener's exception must not corrupt a call: it is rethrown outside, from a microtask. */
function guarded(emit: () => void): void {
  try {
    emit();
  } catch (error) {
    reportLater(error);
  }
}

/** Rethrow `error` from a microtask (an uncaught exception, loud but outside the call). */
export function reportLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}
