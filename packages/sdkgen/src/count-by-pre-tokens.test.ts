import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { MAX_PRE_TOKEN_CHARS, countByPreTokens } from './count-by-pre-tokens.js';
import { loadTokenCounter } from './count-tokens.js';

const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };
const plain = (text: string) => countTokens(text, PLAIN_TEXT);
const longestPreToken = (text: string): number => Math.max(0, ...Array.from(text.matchAll(O200K_TOKEN_SPLIT_REGEX), ([preToken]) => preToken.length));

/** Counts with the tokenizer, keeping every text it was given. */
function recording(): { readonly count: (text: string) => number; readonly texts: string[] } {
  const texts: string[] = [];
  return {
    texts,
    count: (text) => {
      texts.push(text);
      return plain(text);
    },
  };
}

const CHARACTER = fc.constantFrom('w', 'W', 'é', '日', '\u0301', '😀', "'", '/', '=', ' ', '\n', '7', '.');
// Runs up to twice the bound, so some texts have pre-tokens that are cut and some do not.
const RUN = fc.tuple(CHARACTER, fc.integer({ min: 1, max: 2 * MAX_PRE_TOKEN_CHARS })).map(([character, repeats]) => character.repeat(repeats));
const TEXT = fc.array(fc.oneof(fc.string({ maxLength: 20 }), RUN), { maxLength: 8 }).map((parts) => parts.join(''));

describe('countByPreTokens', () => {
  it('counts exactly what the tokenizer counts, in one call, when no pre-token is longer than the bound', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        fc.pre(longestPreToken(text) <= MAX_PRE_TOKEN_CHARS);
        const { count, texts } = recording();
        expect(countByPreTokens(text, count, O200K_TOKEN_SPLIT_REGEX)).toBe(plain(text));
        expect(texts).toEqual([text]);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the tokenizer no pre-token longer than the bound, and is off by a few tokens a cut', () => {
    fc.assert(
      fc.property(TEXT, (text) => {
        const { count, texts } = recording();
        const counted = countByPreTokens(text, count, O200K_TOKEN_SPLIT_REGEX);
        expect(texts.join('')).toBe(text);
        // A piece's rest may join what follows it (marks join letters of either case), so under twice the bound.
        for (const piece of texts) expect(longestPreToken(piece)).toBeLessThanOrEqual(2 * MAX_PRE_TOKEN_CHARS + 2);
        // Four at most in 3,000 samples (runs of `#` or `/`, which o200k has long tokens for).
        expect(Math.abs(counted - plain(text))).toBeLessThanOrEqual(8 * (texts.length - 1));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a 200,000-letter word into pieces of the bound instead of merging it whole', () => {
    const { count, texts } = recording();
    // Exact here: o200k counts a run of w two letters a token, and every cut falls between two.
    expect(countByPreTokens('w'.repeat(200_000), count, O200K_TOKEN_SPLIT_REGEX)).toBe(100_000);
    expect(texts.length).toBe(Math.ceil(200_000 / MAX_PRE_TOKEN_CHARS));
    expect(Math.max(...texts.map((piece) => piece.length))).toBe(MAX_PRE_TOKEN_CHARS);
  });

  it('never cuts an emoji in half', () => {
    const { count, texts } = recording();
    const emoji = '😀'.repeat(1000);
    expect(countByPreTokens(emoji, count, O200K_TOKEN_SPLIT_REGEX)).toBe(plain(emoji));
    for (const piece of texts) expect(piece).toMatch(/^(?:😀)+$/u);
  });

  it('is how the shared counter counts: a 200,000-letter word in well under a second, not 25 to 40 s', async () => {
    const counter = await loadTokenCounter();
    const word = 'w'.repeat(200_000);
    const started = performance.now();
    expect(counter(word)).toBe(100_000);
    // About 20 ms; the bound is generous for a busy machine, and far below the old merge's time.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(counter(`${'=== section ===\n'.repeat(500)}${word}`)).toBe(plain('=== section ===\n'.repeat(500)) + 100_000);
  });
});
