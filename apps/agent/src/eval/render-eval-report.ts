import type { EvalArm } from './eval-arm.js';
import { escapeHtml } from './escape-html.js';
import { formatCalls, formatCodes, formatCount, formatDuration, formatSummaryFigures } from './format-figures.js';
import type { EvalResult } from './run-eval.js';
import type { EvalSummary } from './summarize-runs.js';
import { renderBarChart } from './svg-bar-chart.js';

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = header.map((cell) => `<th>${escapeHtml(cell)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function familyChart(result: EvalResult, title: string, metric: (summary: EvalSummary) => number, label?: (value: number) => string): string {
  const families = [...new Set(result.summaries.map((summary) => summary.family))];
  const series = result.arms.map((arm: EvalArm) => ({
    name: arm,
    values: families.map((family) => {
      const summary = result.summaries.find((candidate) => candidate.family === family && candidate.arm === arm);
      return summary ? metric(summary) : 0;
    }),
  }));
  return renderBarChart({ title, categories: families, series, ...(label ? { label } : {}) });
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;max-width:72rem;color:#222}
table{border-collapse:collapse;margin:1rem 0;font-size:.85rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}
th:first-child,td:first-child,td:nth-child(2){text-align:left}figure{margin:1rem 0}.fail{color:#b00}`;

/**
 * The evaluation as one self-contained HTML page: styles inline, charts as inline SVG, no
 * script and no external file, so it opens from disk with no server.
 */
export function renderEvalReport(result: EvalResult): string {
  const passed = result.runs.filter((run) => run.passed).length;
  const charts = [
    familyChart(result, 'Success rate per family (%)', (summary) => Math.round(summary.successRate * 100), (value) => `${value}%`),
    familyChart(result, 'Model turns with tool calls (median)', (summary) => summary.toolTurns),
    familyChart(result, 'Tokens sent to the model (median, o200k)', (summary) => summary.tokensSent),
    familyChart(result, 'Tokens received from the model (median, o200k)', (summary) => summary.tokensReceived),
  ];
  if (result.catalogScale.length > 0) {
    charts.push(
      renderBarChart({
        title: 'Initial declaration tokens by catalog size',
        categories: result.catalogScale.map((row) => `${formatCount(row.tools)} tools`),
        series: [
          { name: 'direct', values: result.catalogScale.map((row) => row.direct) },
          { name: 'code_mode_only', values: result.catalogScale.map((row) => row.codeModeOnly) },
          { name: 'lazy discovery', values: result.catalogScale.map((row) => row.lazy) },
        ],
        scale: 'log',
      }),
    );
  }
  const summaryRows = result.summaries.map((summary) => [summary.family, summary.arm, ...formatSummaryFigures(summary)]);
  const runRows = result.runs.map((run) => [
    run.task,
    run.arm,
    run.passed ? 'pass' : `FAIL: ${run.detail}`,
    formatCount(run.requests),
    formatCount(run.toolTurns),
    formatCount(run.tokensSent),
    formatCount(run.tokensReceived),
    run.providerUsage ? `${formatCount(run.providerUsage.inputTokens)} / ${formatCount(run.providerUsage.outputTokens)}` : '—',
    formatCalls(run.directCalls, run.nestedCalls),
    formatDuration(run.wallMs),
    formatCodes(run.refusals),
    formatCodes(run.failures),
  ]);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>toolcell eval — ${escapeHtml(result.provider)} ${escapeHtml(result.model)}</title><style>${STYLE}</style></head>
<body>
<h1>toolcell eval</h1>
<p>${escapeHtml(`Provider ${result.provider}, model ${result.model}; arms ${result.arms.join(', ')}; ${passed} of ${result.runs.length} runs passed their task's check. Tokens are o200k counts of the request bodies sent and the answers received.`)}</p>
${charts.map((chart) => `<figure>${chart}</figure>`).join('\n')}
<h2>Medians per family and arm</h2>
${table(['family', 'arm', 'success', 'requests', 'tool turns', 'tokens sent', 'tokens received', 'tool calls', 'wall time', 'refusals'], summaryRows)}
<h2>Every run</h2>
${table(['task', 'arm', 'check', 'requests', 'tool turns', 'tokens sent', 'tokens received', 'provider usage (in / out)', 'tool calls', 'wall time', 'refusals', 'failed calls'], runRows)}
${result.catalogScale.length === 0 ? '' : `<h2>Catalog scale</h2>\n${table(['tools', 'direct', 'code_mode_only (full signatures)', 'lazy discovery'], result.catalogScale.map((row) => [formatCount(row.tools), formatCount(row.direct), formatCount(row.codeModeOnly), formatCount(row.lazy)]))}`}
</body>
</html>
`;
}
