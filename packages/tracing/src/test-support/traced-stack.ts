// A real registry, executor, Code Mode and in-process sandbox, traced into an in-memory
// exporter; tools that let tests order things with gates rather than clocks.
import { context, trace } from '@opentelemetry/api';
import type { ReadableSpan, Sampler } from '@opentelemetry/sdk-trace-base';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { CodeMode } from '@toolcell/codemode';
import type { CallOutcome, FunctionToolDefinition, JsonObject, ToolMode } from '@toolcell/core';
import { jsonOutput, textOutput } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import type { ToolcellTracingOptions } from '../instrument-toolcell.js';
import { instrumentToolcell } from '../instrument-toolcell.js';
import { SyncContextManager } from './sync-context-manager.js';

context.setGlobalContextManager(new SyncContextManager());

export interface StackOptions {
  readonly mode?: ToolMode;
  readonly cells?: boolean;
  readonly approve?: boolean;
  readonly sampler?: Sampler;
  readonly tracing?: Omit<ToolcellTracingOptions, 'runtime' | 'cells' | 'tracer'>;
}

export function tracedStack(options: StackOptions = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)], ...(options.sampler ? { sampler: options.sampler } : {}) });
  const tracer = provider.getTracer('test');
  const registry = new ToolRegistry({ mode: options.mode ?? 'code_mode_only' });
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: options.approve === false ? 'deny' : 'approve' }) } });
  const tools: FunctionToolDefinition<JsonObject>[] = [
    {
      kind: 'function',
      name: 'read_file',
      description: 'Read a file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      readOnly: true,
      execute: (args) => textOutput(`content of ${String(args.path)}`),
    },
    {
      kind: 'function',
      name: 'write_file',
      description: 'Write a file (needs approval; its wire text is cut to 8 characters).',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      needsApproval: true,
      outputBudget: 8,
      execute: (args) => textOutput(`wrote ${String(args.path)} in full`),
    },
    { kind: 'function', name: 'delete_everything', description: 'Refused by a guard.', inputSchema: { type: 'object' }, execute: () => jsonOutput('gone') },
    {
      kind: 'function',
      name: 'cancel_me',
      description: 'Cancels its own call, then never returns.',
      inputSchema: { type: 'object' },
      readOnly: true,
      execute: (_args, toolContext) => {
        runtime.cancel(toolContext.callId, 'the test cancels it');
        return new Promise(() => undefined);
      },
    },
    {
      kind: 'function',
      name: 'gate',
      description: 'Returns once the test opens the gate.',
      inputSchema: { type: 'object' },
      readOnly: true,
      execute: async () => {
        await gate;
        return jsonOutput('open');
      },
    },
  ];
  for (const tool of tools) registry.register(tool);
  runtime.addGuard((call) => (call.toolName === 'delete_everything' ? { type: 'deny', reason: 'never' } : undefined));
  const transport = createInProcessTransport();
  const codeMode = new CodeMode({ registry, runtime, transport, cells: options.cells ?? false });
  codeMode.install();
  const tracing = instrumentToolcell({ runtime, cells: codeMode.events, tracer, ...options.tracing });
  let counter = 0;

  /** Dispatch as the model would, inside the host's active span `request`. */
  function dispatchInRequest(name: string, args: JsonObject | string): { host: string; outcome: Promise<CallOutcome> } {
    const span = tracer.startSpan('request');
    const outcome = context.with(trace.setSpan(context.active(), span), () =>
      runtime.dispatch({ name, args, callId: `call_${++counter}`, scope: registry.root }),
    );
    void outcome.finally(() => span.end());
    return { host: span.spanContext().spanId, outcome };
  }

  return {
    registry,
    runtime,
    codeMode,
    tracing,
    exporter,
    openGate: () => openGate(),
    dispatchInRequest,
    exec: (program: string) => dispatchInRequest('exec', program),
    spans: (): ReadableSpan[] => exporter.getFinishedSpans(),
    async close() {
      tracing.dispose();
      await codeMode.shutdown();
      await transport.close();
      await provider.shutdown();
    },
  };
}

/** The spans whose parent is `spanId`, as `name status code` lines in start order. */
export function childrenOf(spans: readonly ReadableSpan[], spanId: string): ReadableSpan[] {
  return spans.filter((span) => span.parentSpanContext?.spanId === spanId).sort((a, b) => compareTime(a.startTime, b.startTime));
}

/** The one span with this name. */
export function spanNamed(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.filter((span) => span.name === name);
  if (found.length !== 1) throw new Error(`expected one span "${name}", found ${found.length}: ${spans.map((span) => span.name).join(', ')}`);
  return found[0] as ReadableSpan;
}

function compareTime(a: readonly [number, number], b: readonly [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}
