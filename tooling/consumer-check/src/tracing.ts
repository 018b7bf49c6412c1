// @toolcell/tracing against the published declarations: Code Mode's events fit its
// structural cell-event source, and the options accept the API's tracer and meter.
import { metrics, trace } from '@opentelemetry/api';
import { CodeMode } from '@toolcell/codemode';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import type { ToolcellTracing } from '@toolcell/tracing';
import { TOOLCELL, instrumentToolcell } from '@toolcell/tracing';

const registry = new ToolRegistry({ mode: 'code_mode' });
const runtime = new ToolRuntime({ registry });
const codeMode = new CodeMode({ registry, runtime, transport: createInProcessTransport() });

export const tracing: ToolcellTracing = instrumentToolcell({
  runtime,
  cells: codeMode.events,
  tracer: trace.getTracer('consumer'),
  meter: metrics.getMeter('consumer'),
});
export const cellAttribute: string = TOOLCELL.cellId;
