import type { Tracer } from '@opentelemetry/api';
import type { CellEventSource } from '@toolcell/tracing';
import { instrumentToolcell } from '@toolcell/tracing';
import type { ToolRuntime } from '@toolcell/executor';
import { countTokens } from '@toolcell/sdkgen';

// The tracer of the running command, when it is traced (set by withAppTracing). Every
// AgentRuntime the command creates (the demo makes two) is instrumented with it.
let activeTracer: Tracer | undefined;

/** Set (or clear) the tracer runtimes created from now on are traced with. */
export function setActiveTracer(tracer: Tracer | undefined): void {
  activeTracer = tracer;
}

/** Trace a runtime (and its cells) if the command is traced; returns the remover. */
export function traceAgentRuntime(runtime: Pick<ToolRuntime, 'events'>, cells: CellEventSource | undefined): (() => void) | undefined {
  if (activeTracer === undefined) return undefined;
  const tracing = instrumentToolcell({ runtime, tracer: activeTracer, countTokens, ...(cells === undefined ? {} : { cells }) });
  return () => tracing.dispose();
}
