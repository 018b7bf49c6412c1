import type { DemoResult, DemoRun } from './run-demo.js';

function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function duration(milliseconds: number): string {
  return milliseconds >= 1000 ? `${(milliseconds / 1000).toFixed(2)} s` : `${Math.round(milliseconds)} ms`;
}

function toolCalls(run: DemoRun): string {
  return run.nestedCalls === 0 ? count(run.modelCalls) : `${count(run.modelCalls)} (+${count(run.nestedCalls)} nested)`;
}

/** The side-by-side table of the demo's runs, and the report paths under it. */
export function renderComparison(result: DemoResult): string {
  const rows: [string, (run: DemoRun) => string][] = [
    ['model turns with tool calls', (run) => count(run.toolTurns)],
    ['model requests', (run) => count(run.requests)],
    ['tokens sent to the model', (run) => count(run.tokens)],
    ['tool calls', toolCalls],
    ['wall time', (run) => duration(run.wallMs)],
  ];
  const header = ['', ...result.runs.map((run) => run.mode)];
  const body = rows.map(([label, value]) => [label, ...result.runs.map(value)]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((row) => row[column]!.length)));
  const format = (row: readonly string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ');
  const lines = [format(header), widths.map((width) => '─'.repeat(width)).join('   '), ...body.map(format), ''];
  for (const run of result.runs) lines.push(`report (${run.mode}): ${run.reportPath}`);
  const bytes = Buffer.byteLength(result.runs[0]?.report ?? '');
  lines.push(
    result.identical
      ? `Both runs wrote the same report (${count(bytes)} bytes).`
      : 'The runs wrote different reports — compare the files above.',
  );
  return lines.join('\n');
}
