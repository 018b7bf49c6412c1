import type { EvalRun } from './eval-run.js';
import type { EvalResult } from './run-eval.js';
import { formatCodes, formatCount, formatDuration, formatSummaryFigures, formatTable } from './format-figures.js';

/** One line per finished run: `[3/45] aggregation-3 direct: pass — 5 requests, 23,693 tokens sent, 18 ms`. */
export function renderProgressLine(run: EvalRun, index: number, total: number): string {
  const verdict = run.passed ? 'pass' : `FAIL (${run.detail})`;
  const refusals = Object.keys(run.refusals).length === 0 ? '' : `, refused: ${formatCodes(run.refusals)}`;
  return `[${index}/${total}] ${run.task} ${run.arm}: ${verdict} — ${formatCount(run.requests)} requests, ${formatCount(run.tokensSent)} tokens sent, ${formatDuration(run.wallMs)}${refusals}`;
}

/** The medians per family and arm, then the catalog-scale check. */
export function renderEvalTable(result: EvalResult): string {
  const header = ['family / arm', 'success', 'requests', 'tool turns', 'tokens sent', 'tokens received', 'tool calls', 'wall time', 'refusals'];
  const rows = result.summaries.map((summary, index) => [
    index > 0 && result.summaries[index - 1]!.family === summary.family ? `  ${summary.arm}` : `${summary.family} · ${summary.arm}`,
    ...formatSummaryFigures(summary),
  ]);
  const passed = result.runs.filter((run) => run.passed).length;
  const lines = [
    `Medians per family and arm (provider ${result.provider}, model ${result.model}; tokens are o200k counts of what was sent and received):`,
    '',
    formatTable(header, rows),
    '',
    `${passed} of ${result.runs.length} runs passed their task's check.`,
  ];
  if (result.catalogScale.length > 0) {
    lines.push(
      '',
      'Catalog scale: tokens of the initial tool declarations',
      '',
      formatTable(
        ['tools in the catalog', 'direct', 'code_mode_only (full signatures)', 'lazy discovery (tool_search)'],
        result.catalogScale.map((row) => [formatCount(row.tools), formatCount(row.direct), formatCount(row.codeModeOnly), formatCount(row.lazy)]),
      ),
    );
  }
  return lines.join('\n');
}
