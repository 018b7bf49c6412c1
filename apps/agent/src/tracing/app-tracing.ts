import { errorMessage } from '@toolcell/core';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { loadTokenCounter } from '@toolcell/sdkgen';
import { setActiveTracer } from './active-tracing.js';
import { OtlpJsonLinesExporter } from './otlp-json-lines-exporter.js';
import type { TracingTarget } from '../cli/tracing-request.js';

/** The instrumentation scope of the app's own span. */
const APP_SCOPE = '@toolcell/agent';

async function exporterFor(target: TracingTarget): Promise<SpanExporter> {
  if (target.type === 'file') return new OtlpJsonLinesExporter(target.path);
  // Loaded only for OTLP/HTTP. It reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT and _HEADERS itself.
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  return new OTLPTraceExporter();
}

/**
 * Run a command with tracing: one `toolcell <command>` span around it, as the active
 * context, so every model-direct call nests under it and each `exec`'s nested calls under
 * their `exec`. Spans are flushed before this resolves.
 */
export async function withAppTracing(
  target: TracingTarget,
  command: string,
  environment: NodeJS.ProcessEnv,
  run: () => Promise<number>,
): Promise<number> {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const provider = new BasicTracerProvider({
    // The standard OTEL_SERVICE_NAME wins, as with any OpenTelemetry SDK.
    resource: resourceFromAttributes({ 'service.name': environment['OTEL_SERVICE_NAME'] ?? 'toolcell' }),
    spanProcessors: [new BatchSpanProcessor(await exporterFor(target))],
  });
  const tracer = provider.getTracer(APP_SCOPE);
  setActiveTracer({ tracer, countTokens: await loadTokenCounter() });
  try {
    return await tracer.startActiveSpan(`toolcell ${command}`, async (span) => {
      try {
        const code = await run();
        if (code !== 0) span.setStatus({ code: SpanStatusCode.ERROR, message: `exit code ${code}` });
        return code;
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: errorMessage(error) });
        throw error;
      } finally {
        span.end();
      }
    });
  } finally {
    setActiveTracer(undefined);
    await provider.shutdown();
    context.disable();
    trace.disable();
  }
}
