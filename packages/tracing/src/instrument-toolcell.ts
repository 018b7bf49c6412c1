import type { Meter, Tracer } from '@opentelemetry/api';
import { trace } from '@opentelemetry/api';
import type { ToolRuntime } from '@toolcell/executor';
import { CallMetrics } from './call-metrics.js';
import { CallTracer } from './call-tracer.js';
import type { CellEventSource } from './cell-event-source.js';

/** The instrumentation scope name spans and metrics are reported under. */
export const TRACING_SCOPE = '@toolcell/tracing';

/** Options of {@link instrumentToolcell}. */
export interface ToolcellTracingOptions {
  /** The runtime whose calls are traced. */
  readonly runtime: Pick<ToolRuntime, 'events'>;
  /** `CodeMode.events`: gives each `exec` span its program's status, wall and CPU time. */
  readonly cells?: CellEventSource;
  /** Default: `trace.getTracer('@toolcell/tracing')` (a no-op until the host registers an SDK). */
  readonly tracer?: Tracer;
  /** Record metrics (calls, durations, refusals by code) through this meter; default none. */
  readonly meter?: Meter;
  /** Counts the tokens of a call's wire text for `toolcell.wire.tokens`; default not recorded. */
  readonly countTokens?: (text: string) => number;
}

/** A running instrumentation. */
export interface ToolcellTracing {
  /** Stop listening and end the spans still open (a held `exec` span ends at its call's end). */
  dispose(): void;
}

/**
 * Trace every call of a `ToolRuntime` with OpenTelemetry: one `execute_tool <name>` span
 * per call (GenAI semantic conventions, `toolcell.*` attributes, policy stages as span
 * events), nested calls under their `exec` span, model-direct calls under the host's
 * active span. Nothing is listened to until this is called, so an uninstrumented runtime
 * pays nothing.
 *
 * @example
 * {@includeCode ./instrument-toolcell.examples.ts#instrumentToolcell}
 */
export function instrumentToolcell(options: ToolcellTracingOptions): ToolcellTracing {
  const { runtime, cells } = options;
  const tracer = new CallTracer(options.tracer ?? trace.getTracer(TRACING_SCOPE), options.countTokens);
  const metrics = options.meter === undefined ? undefined : new CallMetrics(options.meter);
  const events = runtime.events;
  events.on('call-start', tracer.onStart);
  events.on('call-resolve', tracer.onResolve);
  events.on('call-stage', tracer.onStage);
  events.on('call-denied', tracer.onDenied);
  events.on('call-end', tracer.onEnd);
  const onDenied = metrics === undefined ? undefined : metrics.denied.bind(metrics);
  const onEnded = metrics === undefined ? undefined : metrics.ended.bind(metrics);
  if (onDenied !== undefined) events.on('call-denied', onDenied);
  if (onEnded !== undefined) events.on('call-end', onEnded);
  cells?.on('cell-start', tracer.onCellStart);
  cells?.on('cell-yield', tracer.onCellYield);
  cells?.on('cell-end', tracer.onCellEnd);
  return {
    dispose() {
      events.off('call-start', tracer.onStart);
      events.off('call-resolve', tracer.onResolve);
      events.off('call-stage', tracer.onStage);
      events.off('call-denied', tracer.onDenied);
      events.off('call-end', tracer.onEnd);
      if (onDenied !== undefined) events.off('call-denied', onDenied);
      if (onEnded !== undefined) events.off('call-end', onEnded);
      cells?.off('cell-start', tracer.onCellStart);
      cells?.off('cell-yield', tracer.onCellYield);
      cells?.off('cell-end', tracer.onCellEnd);
      tracer.endAll();
    },
  };
}
