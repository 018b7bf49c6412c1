import type { EvalSummary } from './summarize-runs.js';

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A count with thousands separators (medians may end in .5). */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** Milliseconds, or seconds from one second on. */
export function formatDuration(milliseconds: number): string {
  return milliseconds >= 1000 ? `${(milliseconds / 1000).toFixed(2)} s` : `${Math.round(milliseconds)} ms`;
}

/** `DENIED ×2, UNKNOWN_TOOL ×1`, or `none`. */
export function formatCodes(codes: Readonly<Record<string, number>>): string {
  const entries = Object.entries(codes).sort(([left], [right]) => left.localeCompare(right));
  return entries.length === 0 ? 'none' : entries.map(([code, count]) => `${code} ×${count}`).join(', ');
}

/** Calls as `4`, or `1 (+59 nested)`. */
export function formatCalls(direct: number, nested: number): string {
  return nested === 0 ? formatCount(direct) : `${formatCount(direct)} (+${formatCount(nested)} nested)`;
}

/** A text table: the first column left-aligned, the rest right-aligned, a rule under the header. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('   ').trimEnd();
  return [line(header), widths.map((width) => '─'.repeat(width)).join('   '), ...rows.map(line)].join('\n');
}

/** A family's medians as the text and HTML tables show them: success, requests, tool turns, tokens sent and received, tool calls, wall time, refusals. */
export function formatSummaryFigures(summary: EvalSummary): string[] {
  return [
    `${Math.round(summary.successRate * summary.runs)}/${summary.runs}`,
    formatCount(summary.requests),
    formatCount(summary.toolTurns),
    formatCount(summary.tokensSent),
    formatCount(summary.tokensReceived),
    formatCalls(summary.directCalls, summary.nestedCalls),
    formatDuration(summary.wallMs),
    formatCodes(summary.refusals),
  ];
}
