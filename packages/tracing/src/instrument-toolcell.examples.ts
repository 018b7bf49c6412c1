// Examples from the README, typechecked with the package (excluded from the build).
import { BasicTracerProvider, BatchSpanProcessor, InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { CodeMode } from '@toolcell/codemode';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { instrumentToolcell } from '@toolcell/tracing';

export async function withCodeMode(): Promise<void> {
  // #region instrumentToolcell
  // Any SpanExporter works: OTLP, the console, or in memory as here.
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporter)] });

  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  const runtime = new ToolRuntime({ registry });
  const codeMode = new CodeMode({ registry, runtime, transport: createInProcessTransport(), cells: true });
  codeMode.install();

  const tracing = instrumentToolcell({ runtime, cells: codeMode.events, tracer: provider.getTracer('my-agent') });
  // Model-direct calls made inside the host's own span become its children.
  await provider.getTracer('my-agent').startActiveSpan('handle request', async (span) => {
    await runtime.dispatch({ name: 'exec', args: 'return 1 + 1', callId: 'call_1', scope: registry.root });
    span.end();
  });
  tracing.dispose();
  await provider.forceFlush();
  // #endregion instrumentToolcell
}
