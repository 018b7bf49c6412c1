import { formatCalls, formatCount, formatDuration, formatTable } from '../eval/format-figures.js';
import { MODELLED_ROUND_TRIP_MS } from './run-demo.js';
import type { DemoResult, DemoRun } from './run-demo.js';

/** How each run's "real model" figure is made: its wall time plus its requests' modelled round trips. */
function modelledSum(run: DemoRun): string {
  return `${run.mode} ${formatDuration(run.wallMs)} + ${formatCount(run.requests)} × ${formatDuration(MODELLED_ROUND_TRIP_MS)}`;
}

/** What happened before the runs, untimed: the unshown runs and the code-mode sandbox's warm-up. */
function untimedLine(result: DemoResult): string {
  const sandbox = result.runs.flatMap(({ mode, sandboxWarmUp: warmUp }) =>
    warmUp === undefined
      ? []
      : [
          `, and the ${mode} sandbox process's start and ${formatCount(warmUp.programs)} warm-up programs (${formatCount(warmUp.calls)} calls, answered by the warm-up itself) in ${formatDuration(warmUp.wallMs)}, which a host does while the model writes its first reply (modelled: ${formatDuration(MODELLED_ROUND_TRIP_MS)})`,
        ],
  );
  return `Timed: each run from its first model request to its final answer. Before the runs, untimed: each mode did the task once unshown${sandbox.join('')}.`;
}

/** The side-by-side table of the demo's runs, what was timed, and the report paths under it. */
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
  const lines = [
    formatTable(header, body),
    '',
    `* modelled: the wall time plus ${formatDuration(MODELLED_ROUND_TRIP_MS)} for each model request, a hosted model's time to answer (the built-in model answers at once): ${result.runs.map(modelledSum).join('; ')}.`,
    untimedLine(result),
    '',
  ];
  for (const run of result.runs) lines.push(`report (${run.mode}): ${run.reportPath}`);
  const bytes = Buffer.byteLength(result.runs[0]?.report ?? '');
  lines.push(
    result.identical
      ? `Both runs wrote the same report (${formatCount(bytes)} bytes).`
      : 'The runs wrote different reports — compare the files above.',
  );
  return lines.join('\n');
}
