import { errorMessage } from '@toolcell/core';
import { appendFileSync, writeFileSync } from 'node:fs';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/** ExportResultCode from @opentelemetry/core (SUCCESS, FAILED), without the dependency. */
const SUCCESS = 0;
const FAILED = 1;

/**
 * Writes spans as OTLP/JSON (the protobuf JSON mapping of an `ExportTraceServiceRequest`),
 * one export request per line, to a file that is truncated when the exporter is created.
 * Synchronous appends: a CLI run exports a few batches, and a line is never half-written.
 */
export class OtlpJsonLinesExporter implements SpanExporter {
  private readonly decoder = new TextDecoder();

  constructor(private readonly path: string) {
    writeFileSync(path, '');
  }

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    try {
      const request = JsonTraceSerializer.serializeRequest(spans);
      if (request !== undefined) appendFileSync(this.path, `${this.decoder.decode(request)}\n`);
      done({ code: SUCCESS });
    } catch (error) {
      done({ code: FAILED, error: error instanceof Error ? error : new Error(errorMessage(error)) });
    }
  }

  async shutdown(): Promise<void> {}
}
