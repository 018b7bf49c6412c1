import { resolve } from 'node:path';
import type { CommandLine } from './command-line.js';
import { stringOption } from './command-line.js';

/** Where the app sends its spans: an OTLP/JSON lines file, or an OTLP/HTTP endpoint. */
export type TracingTarget = { readonly type: 'file'; readonly path: string } | { readonly type: 'otlp-http' };

/** The commands that run tools and so can be traced. */
const TRACED_COMMANDS: ReadonlySet<string> = new Set(['run', 'exec', 'demo']);

/**
 * What tracing the command line and environment ask for: `--otel-file FILE` first, else
 * the standard `OTEL_EXPORTER_OTLP_ENDPOINT` (or its traces-only variant). Kept free of the
 * OpenTelemetry SDK, so commands that are not traced never load it.
 */
export function tracingRequest(line: CommandLine, cwd: string, environment: NodeJS.ProcessEnv): TracingTarget | undefined {
  if (!TRACED_COMMANDS.has(line.command)) return undefined;
  const file = stringOption(line, 'otel-file');
  if (file !== undefined) return { type: 'file', path: resolve(cwd, file) };
  const endpoint = environment['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'] ?? environment['OTEL_EXPORTER_OTLP_ENDPOINT'];
  return endpoint !== undefined && endpoint !== '' ? { type: 'otlp-http' } : undefined;
}
