const NEWLINE = 0x0a;
const SLASH = 0x2f;
// A run of repeated lines is counted once only if its repeats spare more characters than
// this: each call of the tokenizer costs about as much as matching ~30 characters.
const MIN_SPARED_CHARS = 64;

/**
 * Whether o200k's pre-tokenizer always splits between a newline and the
 * character `code` after it. A pre-token that holds a newline is whitespace only, or
 * punctuation with trailing `[\r\n/]*`, so it cannot take a printable ASCII character other
 * than `/`. Anything else (spaces, `/`, non-ASCII) may join, and no line starts there.
 */
const startsPreToken = (code: number): boolean => code > 0x20 && code < 0x7f && code !== SLASH;

/** Where the line that starts at `start` ends: after a newline followed by a pre-token start, or at the text's end. */
function lineEnd(text: string, start: number): number {
  for (let newline = text.indexOf('\n', start); newline !== -1; newline = text.indexOf('\n', newline + 1)) {
    // No line starts inside a run of newlines (100,000 empty items print one).
    while (text.charCodeAt(newline + 1) === NEWLINE) newline += 1;
    if (newline + 1 < text.length && startsPreToken(text.charCodeAt(newline + 1))) return newline + 1;
  }
  return text.length;
}

/** Whether `text` holds the `length` characters at `from` again at `at`, as a line of its own. */
function repeatsAt(text: string, from: number, at: number, length: number): boolean {
  const end = at + length;
  if (end > text.length || (end < text.length && !startsPreToken(text.charCodeAt(end)))) return false;
  for (let offset = 0; offset < length; offset += 1) if (text.charCodeAt(from + offset) !== text.charCodeAt(at + offset)) return false;
  return true;
}

/**
 * The tokens of `text`, counting a run of identical lines (`x\n` a hundred thousand times,
 * a repeated separator) as one line times its repeats. Exact for o200k: its count is a
 * sum over pre-tokens, and no pre-token crosses the line starts chosen here.
 * Lines that do not repeat are counted together, as the text they are, in one call.
 */
export function countByLines(text: string, countTokens: (text: string) => number): number {
  let total = 0;
  let uncounted = 0;
  let start = 0;
  while (start < text.length) {
    const end = lineEnd(text, start);
    const length = end - start;
    let runEnd = end;
    while (text.charCodeAt(runEnd + length - 1) === NEWLINE && repeatsAt(text, start, runEnd, length)) runEnd += length;
    const repeats = (runEnd - start) / length;
    if ((repeats - 1) * length < MIN_SPARED_CHARS) {
      start = end;
      continue;
    }
    if (uncounted < start) total += countTokens(text.slice(uncounted, start));
    total += repeats * countTokens(text.slice(start, end));
    uncounted = runEnd;
    start = runEnd;
  }
  return uncounted === 0 ? countTokens(text) : total + (uncounted < text.length ? countTokens(text.slice(uncounted)) : 0);
}
