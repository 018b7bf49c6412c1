import fc from 'fast-check';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { describe, expect, it } from 'vitest';
import { mayHoldLongPreToken } from './may-hold-long-pre-token.js';

const longestPreToken = (text: string): number => Math.max(0, ...Array.from(text.matchAll(O200K_TOKEN_SPLIT_REGEX), ([preToken]) => preToken.length));

// Characters from every class the pre-tokenizer tells apart, its edges included: apostrophes
// (contractions), slashes and newlines (punctuation takes them after it), marks, emoji and
// letters outside the BMP (surrogate pairs), non-ASCII spaces and digits.
const CHARACTER = fc.constantFrom('a', 'Z', 'é', 'ж', '日', '\u0301', '𝒜', '😀', "'", 's', '/', '.', '=', '}', ' ', '\t', '\u00a0', '\n', '\r', '1', '²', '-');
const RUN = fc.tuple(CHARACTER, fc.integer({ min: 1, max: 12 })).map(([character, repeats]) => character.repeat(repeats));
const TEXT = fc.array(fc.oneof(CHARACTER, RUN), { maxLength: 40 }).map((parts) => parts.join(''));

describe('mayHoldLongPreToken', () => {
  it('never says no for a text that holds a pre-token longer than the bound', () => {
    fc.assert(
      fc.property(TEXT, fc.integer({ min: 3, max: 12 }), (text, maxChars) => {
        if (longestPreToken(text) > maxChars) expect(mayHoldLongPreToken(text, maxChars)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('says no for ordinary prose, code and JSON', () => {
    const prose = 'The quick brown fox, who didn\'t jump, ran 1,234 km — past “日本語” and Ünïcode. 😀\n'.repeat(200);
    const code = 'export function add(a: number, b: number): number {\n  return a + b; // sum\n}\n'.repeat(200);
    const json = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ id: index, path: `/src/file-${index}.ts` })) }, null, 2);
    for (const text of [prose, code, json]) expect(mayHoldLongPreToken(text, 256)).toBe(false);
    expect(mayHoldLongPreToken(`${prose}${'w'.repeat(257)}`, 256)).toBe(true);
    expect(mayHoldLongPreToken(`=${'\n/'.repeat(200)}`, 256)).toBe(true);
  });
});
