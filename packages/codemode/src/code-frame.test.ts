import { describe, expect, it } from 'vitest';
import { codeFrame, withCodeFrame } from './code-frame.js';

describe('codeFrame', () => {
  it('shows the line before, the line and a caret under the column, with aligned line numbers', () => {
    const source = Array.from({ length: 10 }, (_, index) => `line ${index + 1}`).join('\n');
    expect(codeFrame(source, 10, 6)).toBe('   9 | line 9\n  10 | line 10\n     |      ^');
    expect(codeFrame(source, 1, 1)).toBe('  1 | line 1\n    | ^');
  });

  it('keeps tabs in the caret line and leaves a blank line before out', () => {
    expect(codeFrame('\n\tconst y = ;', 2, 12)).toBe('  2 | \tconst y = ;\n    | \t          ^');
  });

  it('cuts a long line around the column', () => {
    const frame = codeFrame(`${'a'.repeat(300)}!${'b'.repeat(300)}`, 1, 301) ?? '';
    const [line, caret] = frame.split('\n') as [string, string];
    expect(line.length).toBeLessThan(140);
    expect(line[caret.indexOf('^')]).toBe('!');
  });

  it('gives nothing for a line outside the source, and leaves an error without a location as it is', () => {
    expect(codeFrame('one line', 3, 1)).toBeUndefined();
    const error = { code: 'EXEC_RUNTIME' as const, message: 'boom' };
    expect(withCodeFrame(error, 'x')).toBe(error);
    expect(withCodeFrame({ ...error, location: { line: 1, column: 1 } }, 'x').message).toBe('boom\n  1 | x\n    | ^');
  });
});
