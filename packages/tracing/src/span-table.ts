import type { Attributes, Context, Span } from '@opentelemetry/api';
import { trace } from '@opentelemetry/api';

/** What tracing keeps about one call's span. */
export interface CallSpan {
  /** The tool name the span was started with. */
  readonly toolName: string;
  readonly span: Span;
  /** `span.isRecording()`, asked once: a non-recording span gets no attributes or events. */
  readonly recording: boolean;
  /** Attributes gathered from the call's events, set on the span when the call ends. */
  readonly pending: Attributes;
  /** The context the call started in (the host's, or its parent's). */
  readonly startedIn: Context;
  /** The context calls nested under this one start in; made when the first one arrives. */
  childContext: Context | undefined;
  nestedCalls: number;
  /** The cell its program runs in, once `cell-start` said so (`exec` calls). */
  cellId: string | undefined;
  /** Whether its program is still running (between `cell-start` and `cell-end`). */
  cellLive: boolean;
  /** Set when the call ended while its program ran on: the span ends at `cell-end`, at this time. */
  endedAt: number | undefined;
}

/**
 * The spans of calls in flight, by call id, and the parents nested calls may still name
 * after their own call ended: an `exec` whose program outlives it stays until `cell-end`
 * (when cell events are traced), and among the most recent `capacity` ended parents.
 */
export class SpanTable {
  private readonly open = new Map<string, CallSpan>();
  private readonly ended = new Map<string, CallSpan>();

  constructor(private readonly capacity: number) {}

  add(callId: string, toolName: string, span: Span, startedIn: Context): CallSpan {
    const entry: CallSpan = { toolName, span, recording: span.isRecording(), pending: {}, startedIn, childContext: undefined, nestedCalls: 0, cellId: undefined, cellLive: false, endedAt: undefined };
    this.open.set(callId, entry);
    return entry;
  }

  /** The span of a call in flight. */
  inFlight(callId: string): CallSpan | undefined {
    return this.open.get(callId);
  }

  /** A call in flight or a remembered parent. */
  get(callId: string): CallSpan | undefined {
    return this.open.get(callId) ?? this.ended.get(callId);
  }

  /** The context of a call nested under `parentCallId` (undefined: the parent is unknown). */
  childContextOf(parentCallId: string): Context | undefined {
    const parent = this.get(parentCallId);
    if (parent === undefined) return undefined;
    parent.nestedCalls += 1;
    parent.childContext ??= trace.setSpan(parent.startedIn, parent.span);
    return parent.childContext;
  }

  /** The call ended; remember it if a program may still nest calls under it. */
  callEnded(callId: string, entry: CallSpan, mayHaveChildren: boolean): void {
    this.open.delete(callId);
    if (!mayHaveChildren) return;
    this.ended.delete(callId);
    this.ended.set(callId, entry);
    if (this.ended.size <= this.capacity) return;
    const oldest = this.ended.keys().next().value as string;
    const evicted = this.ended.get(oldest);
    this.ended.delete(oldest);
    // A span held for its program's end is ended now rather than lost.
    if (evicted?.endedAt !== undefined) evicted.span.end(evicted.endedAt);
  }

  /** No call can be nested under it any more (its program ended). */
  forget(callId: string): void {
    this.ended.delete(callId);
  }

  /** Spans still waiting to end (for disposal). */
  unfinished(): CallSpan[] {
    return [...this.open.values(), ...[...this.ended.values()].filter((entry) => entry.endedAt !== undefined)];
  }
}
