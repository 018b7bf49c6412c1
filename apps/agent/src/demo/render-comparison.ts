import { formatCalls, formatCount, formatDuration, formatTable } from '../eval/format-figures.js';
import { MODELLED_ROUND_TRIP_MS } from './run-demo.js';
import type { DemoResult, DemoRun } from './run-demo.js';

/** The side-by-side table of the demo's runs, and the report paths under it. */
export function renderComparison(result: DemoResult): string {
  const rows: [string, (run: DemoRun) => string][] = [
    ['model turns with tool calls', (run) => formatCount(run.toolTurns)],
    ['model requests', (run) => formatCount(run.requests)],
    ['tokens sent to the model', (run) => formatCount(run.tokens)],
    ['tool calls', (run) => formatCalls(run.modelCalls, run.nestedCalls)],
    ['wall time', (run) => formatDuration(run.wallMs)],
    ['wall time, real model*', (run) => formatDuration(run.modelledWallMs)],
  ];
  const header = ['', ...result.runs.map((run) => run.mode)];
  const body = rows.map(([label, value]) => [label, ...result.runs.map(value)]);
  const lines = [formatTable(header, body), '', `* modelled: the wall time plus ${formatDuration(MODELLED_ROUND_TRIP_MS)} per model request (a hosted model's round trip).`, ''];
  for (const run of result.runs) lines.push(`report (${run.mode}): ${run.reportPath}`);
  const bytes = Buffer.byteLength(result.runs[0]?.report ?? '');
  lines.push(
    result.identical
      ? `Both runs wrote the same report (${formatCount(bytes)} bytes).`
      : 'The runs wrote different reports — compare the files above.',
  );
  return lines.join('\n');
}
