// Tracing overhead per call: the same validated no-op tool dispatched by a bare runtime,
// by one traced with the API's no-op tracer (no SDK registered), and by one traced with
// the SDK's BatchSpanProcessor (exporting to a sink that drops the spans, so export I/O
// is not measured). Also a nested call, whose parent span is looked up by id. Prints
// figures; never fails on speed.
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { printTable, runSuite } from '@toolcell/bench-kit';
import type { FunctionToolDefinition, JsonObject, ToolOutput } from '@toolcell/core';
import { jsonOutput } from '@toolcell/core';
import type { DispatchRequest } from '@toolcell/executor';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { instrumentToolcell } from '@toolcell/tracing';

const OUTPUT: ToolOutput = jsonOutput({ ok: true });
const noop: FunctionToolDefinition = {
  kind: 'function',
  name: 'noop',
  description: 'Does nothing.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  readOnly: true,
  execute: async () => OUTPUT,
};

let exported = 0;
const sink: SpanExporter = {
  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]) {
    exported += spans.length;
    done({ code: 0 });
  },
  shutdown: async () => undefined,
};
const provider = new BasicTracerProvider({
  spanProcessors: [new BatchSpanProcessor(sink, { maxQueueSize: 200_000, maxExportBatchSize: 8_192, scheduledDelayMillis: 50 })],
});

const registry = new ToolRegistry({ mode: 'code_mode' });
registry.register(noop);
// Stays running, so nested calls find their parent's span in flight (read-only: it does
// not hold up the root lane).
registry.register({ ...noop, name: 'hold', execute: () => new Promise<ToolOutput>(() => undefined) });
const bare = new ToolRuntime({ registry });
const noopTraced = new ToolRuntime({ registry });
instrumentToolcell({ runtime: noopTraced });
const sdkTraced = new ToolRuntime({ registry });
const sdkTracer = provider.getTracer('bench');
instrumentToolcell({ runtime: sdkTraced, tracer: sdkTracer });

const args: JsonObject = { path: 'src/index.ts' };
let sequence = 0;
const request = (): DispatchRequest => ({ name: 'noop', args, callId: `call_${++sequence}`, scope: registry.root });
const nested = (): DispatchRequest => ({ ...request(), parent: { callId: 'call_exec', cellId: 'cell_1' } });

// A parent span for the nested calls to find (an exec that is still running).
void sdkTraced.dispatch({ name: 'hold', args, callId: 'call_exec', scope: registry.root });

const rows = await runSuite(
  'tracing: dispatch of a validated no-op tool',
  {
    'bare runtime': async () => {
      await bare.dispatch(request());
    },
    'traced, no-op tracer': async () => {
      await noopTraced.dispatch(request());
    },
    'traced, SDK tracer + BatchSpanProcessor': async () => {
      await sdkTraced.dispatch(request());
    },
    // The floor: what the SDK itself costs for one span, without toolcell.
    'SDK span alone: startSpan + end': () => {
      sdkTracer.startSpan('execute_tool noop').end();
    },
    'bare runtime, nested call': async () => {
      await bare.dispatch(nested());
    },
    'traced, SDK tracer, nested call': async () => {
      await sdkTraced.dispatch(nested());
    },
  },
  { time: 1000 },
);
await provider.forceFlush();

const p50 = (name: string): number => (rows.find((row) => row.name === name)?.p50 ?? Number.NaN) * 1000;
const micros = (value: number): string => value.toFixed(2);
printTable('tracing: overhead per call (median, µs; target < 5 µs with the batch processor)', [
  { path: 'no-op tracer', 'overhead µs': micros(p50('traced, no-op tracer') - p50('bare runtime')) },
  { path: 'SDK tracer, BatchSpanProcessor', 'overhead µs': micros(p50('traced, SDK tracer + BatchSpanProcessor') - p50('bare runtime')) },
  { path: '(the SDK alone: one span started and ended)', 'overhead µs': micros(p50('SDK span alone: startSpan + end')) },
  { path: 'SDK tracer, nested call', 'overhead µs': micros(p50('traced, SDK tracer, nested call') - p50('bare runtime, nested call')) },
]);
if (exported === 0) throw new Error('the SDK tracer exported no span');
await provider.shutdown();
