import type { ProgramError } from '@toolcell/sandbox';

// A few lines of the program around an error, as the model wrote them: the line before,
// the line, and a caret under the column.

/** Longest stretch of a line shown; a longer line is cut around the column. */
const WIDTH = 120;

/** `source` around `line`:`column` (1-based); `undefined` when the line is not in it. */
export function codeFrame(source: string, line: number, column: number): string | undefined {
  const lines = source.split('\n');
  const text = lines[line - 1];
  if (text === undefined) return undefined;
  const gutter = String(line).length;
  const row = (number: number, content: string) => `  ${String(number).padStart(gutter)} | ${content}`;
  const start = Math.max(0, Math.min(column - 1 - WIDTH / 2, text.length - WIDTH));
  const cut = (content: string) => (content.length <= WIDTH && start === 0 ? content : `${start > 0 ? '…' : ''}${content.slice(start, start + WIDTH)}…`);
  const shown = cut(text);
  // The caret's indent keeps the line's own tabs, so it sits under the column in any tab width.
  const before = text.slice(start, Math.max(start, column - 1)).replace(/[^\t]/g, ' ');
  const rows = [];
  const previous = lines[line - 2];
  if (previous !== undefined && previous.trim() !== '') rows.push(row(line - 1, cut(previous)));
  rows.push(row(line, shown), `  ${' '.repeat(gutter)} | ${start > 0 ? ' ' : ''}${before}^`);
  return rows.join('\n');
}

/** `error` with the code frame of its location appended to its message, when it has one. */
export function withCodeFrame<T extends ProgramError>(error: T, source: string): T {
  if (error.location === undefined) return error;
  const frame = codeFrame(source, error.location.line, error.location.column);
  return frame === undefined ? error : { ...error, message: `${error.message}\n${frame}` };
}
