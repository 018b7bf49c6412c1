import type { Attributes, Context, SpanContext, Tracer } from '@opentelemetry/api';
import { SpanKind, SpanStatusCode, context } from '@opentelemetry/api';
import type { CallOutcome } from '@toolcell/core';
import type { CallDeniedEvent, CallEndEvent, CallResolveEvent, CallStageEvent, CallStartEvent } from '@toolcell/executor';
import { ERROR_TYPE, EXECUTE_TOOL, GEN_AI, SPAN_EVENTS, TOOLCELL } from './attribute-names.js';
import { stageEventAttributes, stageEventName } from './stage-events.js';
import type { TracedCellEndEvent, TracedCellEvent } from './cell-event-source.js';
import type { CallSpan } from './span-table.js';
import { SpanTable } from './span-table.js';
import { jsonByteLength, utf8ByteLength } from './utf8-byte-length.js';

/** Ended parents remembered for programs that outlive their `exec` without cell events. */
const REMEMBERED_PARENTS = 256;

/** The name of Code Mode's program tool: its calls may have nested calls after they end. */
const EXEC = 'exec';

/** Code Mode's observer of a running program: its span links to the program's `exec` span. */
const WAIT = 'wait';

/**
 * Turns runtime and cell events into spans: one per call, started when it is submitted and
 * ended when it ends (an `exec` whose program runs on ends with its program, at the time
 * its own call ended). Nested calls are children of their parent's span, found by the
 * event's `parentCallId`, never by the active context, so parallel calls and calls after
 * a yield land under the right `exec`. Model-direct calls start in the host's active context.
 */
export class CallTracer {
  private readonly spans = new SpanTable(REMEMBERED_PARENTS);
  /** The `exec` span of each recent cell, for the `wait` calls that observe it. */
  private readonly cellSpans = new Map<string, SpanContext>();

  constructor(
    private readonly tracer: Tracer,
    private readonly countTokens: ((text: string) => number) | undefined,
  ) {}

  readonly onStart = (event: CallStartEvent): void => {
    const parentContext = event.parentCallId === undefined ? undefined : this.spans.childContextOf(event.parentCallId);
    const startedIn: Context = parentContext ?? context.active();
    // Samplers see the operation and the tool; the rest is set once, when the call ends
    // (the SDK validates every attribute it is given, so each one is given once).
    const startAttributes: Attributes = { [GEN_AI.operationName]: EXECUTE_TOOL, [GEN_AI.toolName]: event.toolName };
    const span = this.tracer.startSpan(`${EXECUTE_TOOL} ${event.toolName}`, { kind: SpanKind.INTERNAL, startTime: event.at, attributes: startAttributes }, startedIn);
    const entry = this.spans.add(event.callId, event.toolName, span, startedIn);
    if (!entry.recording) return;
    const attributes = entry.pending;
    attributes[GEN_AI.toolCallId] = event.callId;
    // Every toolcell tool runs in the host, like a function the model calls.
    attributes[GEN_AI.toolType] = 'function';
    attributes[TOOLCELL.source] = event.source.type;
    attributes[TOOLCELL.scopeId] = event.scopeId;
    if (event.parentCallId !== undefined) attributes[TOOLCELL.parentCallId] = event.parentCallId;
    if (event.source.type === 'code_mode') attributes[TOOLCELL.cellId] = event.source.cellId;
  };

  readonly onResolve = (event: CallResolveEvent): void => {
    const entry = this.spans.inFlight(event.callId);
    // A span that records nothing (no SDK, or sampled out) is not worth measuring for.
    if (entry === undefined || !entry.recording) return;
    const attributes = entry.pending;
    attributes[TOOLCELL.mode] = event.mode;
    attributes[TOOLCELL.resolution] = event.resolution;
    attributes[TOOLCELL.executionMode] = event.executionMode;
    attributes[TOOLCELL.readOnly] = event.readOnly;
    attributes[TOOLCELL.argumentBytes] = typeof event.args === 'string' ? utf8ByteLength(event.args) : jsonByteLength(event.args);
    if (event.toolName === WAIT) this.linkToCell(entry, event.args);
    if (event.toolName !== entry.toolName) {
      // The canonical name is known only now (an alias resolved to it).
      entry.span.updateName(`${EXECUTE_TOOL} ${event.toolName}`);
      attributes[GEN_AI.toolName] = event.toolName;
    }
  };

  readonly onStage = (event: CallStageEvent): void => {
    const entry = this.spans.inFlight(event.callId);
    if (entry?.recording === true) entry.span.addEvent(stageEventName(event), stageEventAttributes(event), event.at);
  };

  readonly onDenied = (event: CallDeniedEvent): void => {
    const entry = this.spans.inFlight(event.callId);
    if (entry?.recording === true) entry.span.addEvent(SPAN_EVENTS.denied, { [TOOLCELL.denialStage]: event.stage, [TOOLCELL.outcomeCode]: event.code }, event.at);
  };

  readonly onEnd = (event: CallEndEvent): void => {
    const entry = this.spans.inFlight(event.callId);
    if (entry === undefined) return;
    const { span } = entry;
    const isExec = event.toolName === EXEC;
    // Its program may still nest calls under it, unless cell events said the program ended.
    const mayHaveChildren = (isExec || entry.nestedCalls > 0) && (entry.cellId === undefined || entry.cellLive);
    if (!entry.recording) {
      span.end();
      this.spans.callEnded(event.callId, entry, mayHaveChildren);
      return;
    }
    const attributes = entry.pending;
    this.addOutcomeAttributes(attributes, event.outcome);
    attributes[TOOLCELL.waitMs] = event.waitMs;
    if (event.executeMs !== undefined) attributes[TOOLCELL.executeMs] = event.executeMs;
    if (event.status === 'error') {
      attributes[TOOLCELL.outcomeCode] = attributes[ERROR_TYPE] = event.code ?? 'EXECUTION_FAILED';
      span.setStatus({ code: SpanStatusCode.ERROR, message: event.message ?? '' });
    }
    if (isExec || entry.nestedCalls > 0) attributes[TOOLCELL.execNestedCalls] = entry.nestedCalls;
    // The program runs on (a yielded cell): its stats arrive with `cell-end`.
    if (entry.cellLive) attributes[TOOLCELL.execStatus] = 'running';
    span.setAttributes(attributes);
    if (entry.cellLive) {
      entry.endedAt = event.at;
    } else {
      span.end(event.at);
    }
    this.spans.callEnded(event.callId, entry, mayHaveChildren);
  };

  readonly onCellStart = (event: TracedCellEvent): void => {
    const entry = this.spans.get(event.execCallId);
    if (entry === undefined) return;
    entry.cellId = event.cellId;
    entry.cellLive = true;
    entry.span.setAttribute(TOOLCELL.cellId, event.cellId);
    this.cellSpans.set(event.cellId, entry.span.spanContext());
    if (this.cellSpans.size > REMEMBERED_PARENTS) this.cellSpans.delete(this.cellSpans.keys().next().value as string);
  };

  readonly onCellYield = (event: TracedCellEvent): void => {
    const entry = this.spans.get(event.execCallId);
    if (entry !== undefined && entry.endedAt === undefined) entry.span.addEvent(SPAN_EVENTS.cellYield);
  };

  readonly onCellEnd = (event: TracedCellEndEvent): void => {
    const entry = this.spans.get(event.execCallId);
    if (entry === undefined) return;
    entry.cellLive = false;
    const attributes: Attributes = { [TOOLCELL.execStatus]: event.status, [TOOLCELL.execNestedCalls]: entry.nestedCalls };
    if (event.code !== undefined) attributes[TOOLCELL.execCode] = event.code;
    if (event.wallMs !== undefined) attributes[TOOLCELL.execWallMs] = event.wallMs;
    if (event.cpuMs !== undefined) attributes[TOOLCELL.execCpuMs] = event.cpuMs;
    entry.span.setAttributes(attributes);
    if (entry.endedAt !== undefined) {
      entry.span.end(entry.endedAt);
      entry.endedAt = undefined;
      this.spans.forget(event.execCallId);
    }
  };

  /** A `wait` span links to the `exec` span of the cell it observes (it is not its child). */
  private linkToCell(entry: CallSpan, args: unknown): void {
    const cellId = typeof args === 'object' && args !== null ? (args as { cell_id?: unknown }).cell_id : undefined;
    if (typeof cellId !== 'string') return;
    entry.pending[TOOLCELL.cellId] = cellId;
    const execSpan = this.cellSpans.get(cellId);
    if (execSpan !== undefined) entry.span.addLink({ context: execSpan });
  }

  /** End every span still open (the host is shutting tracing down). */
  endAll(): void {
    for (const entry of this.spans.unfinished()) endNow(entry);
  }

  private addOutcomeAttributes(attributes: Attributes, outcome: CallOutcome): void {
    attributes[TOOLCELL.outcomeStatus] = outcome.status;
    if (outcome.status === 'ok') attributes[TOOLCELL.resultBytes] = jsonByteLength(outcome.output.result.value);
    if (this.countTokens !== undefined) {
      let tokens = 0;
      for (const part of outcome.output.wire.content) if (part.type === 'text') tokens += this.countTokens(part.text);
      attributes[TOOLCELL.wireTokens] = tokens;
    }
  }
}

function endNow(entry: CallSpan): void {
  // A call still in flight has not set its attributes yet.
  if (entry.recording && entry.endedAt === undefined) entry.span.setAttributes(entry.pending);
  entry.span.end(entry.endedAt);
  entry.endedAt = undefined;
}
