import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countByLines } from './count-by-lines.js';
import { loadTokenCounter } from './count-tokens.js';

const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
const plain = (text: string) => countTokens(text, PLAIN_TEXT);

// Lines chosen to sit on the pre-tokenizer's edges: leading spaces and slashes (which join
// a newline before them), punctuation (which takes newlines after it), carriage returns,
// digits, non-ASCII letters, emoji, and text that looks like a special token.
const LINE = fc.oneof(
  fc.constantFrom('', 'x', ' ', '  ', '\t', '\r', '/', '//', '/x', '}', '};', '.', ' .', 'a/b', '123456', '<|endoftext|>', 'é', 'Ünïcode', '日本語', '😀', "don't", 'x ', '  indented', '\u00a0nbsp'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
// Runs of a repeated line, as programs print them, between single lines.
const RUN = fc.tuple(LINE, fc.integer({ min: 1, max: 80 })).map(([line, repeats]) => Array.from({ length: repeats }, () => line));
const TEXT = fc.tuple(fc.array(RUN, { maxLength: 12 }), fc.constantFrom('\n', '\n\n', '\r\n', ' \n')).map(([runs, separator]) => runs.flat().join(separator));

describe('countByLines', () => {
  it('counts exactly what the tokenizer counts for any mix of repeated and single lines', () => {
    fc.assert(
      fc.property(TEXT, fc.boolean(), (text, trailingNewline) => {
        const whole = trailingNewline ? `${text}\n` : text;
        expect(countByLines(whole, plain)).toBe(plain(whole));
      }),
      { numRuns: 400 },
    );
  });

  it('counts a long run of one line once, and lines that do not repeat in one call', () => {
    const calls: string[] = [];
    const spy = (text: string) => {
      calls.push(text);
      return plain(text);
    };
    const text = `head\n${'x\n'.repeat(100_000)}tail`;
    expect(countByLines(text, spy)).toBe(plain(text));
    expect(calls).toEqual(['head\n', 'x\n', 'tail']);
    calls.length = 0;
    const distinct = Array.from({ length: 1000 }, (_, index) => `line ${index}`).join('\n');
    expect(countByLines(distinct, spy)).toBe(plain(distinct));
    expect(calls).toEqual([distinct]);
  });

  it('is what the shared counter counts with', async () => {
    const counter = await loadTokenCounter();
    const text = `${'=== section ===\n'.repeat(500)}${'/ slash\n'.repeat(50)}`;
    expect(counter(text)).toBe(plain(text));
    expect(counter('hello world')).toBe(2);
  });
});
