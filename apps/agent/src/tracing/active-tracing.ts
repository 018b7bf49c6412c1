import type { Tracer } from '@opentelemetry/api';
import type { CellEventSource } from '@toolcell/tracing';
import { instrumentToolcell } from '@toolcell/tracing';
import type { ToolRuntime } from '@toolcell/executor';
import type { TokenCounter } from '@toolcell/sdkgen';

// The tracer of the running command, when it is traced (set by withAppTracing). Every
// AgentRuntime the command creates (the demo makes two) is instrumented with it.
let activeTracer: { readonly tracer: Tracer; readonly countTokens: TokenCounter } | undefined;

/** Set (or clear) the tracer runtimes created from now on are traced with, and the counter of their wire tokens. */
export function setActiveTracer(active: { readonly tracer: Tracer; readonly countTokens: TokenCounter } | undefined): void {
  activeTracer = active;
}

/** Trace a runtime (and its cells) if the command is traced; returns the remover. */
export function traceAgentRuntime(runtime: Pick<ToolRuntime, 'events'>, cells: CellEventSource | undefined): (() => void) | undefined {
  if (activeTracer === undefined) return undefined;
  const { tracer, countTokens } = activeTracer;
  const tracing = instrumentToolcell({ runtime, tracer, countTokens, ...(cells === undefined ? {} : { cells }) });
  return () => tracing.dispose();
}
