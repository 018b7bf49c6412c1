import { describe, expect, it } from 'vitest';
import { utf8Length } from './utf8-length.js';

const encoded = (text: string): number => new TextEncoder().encode(text).length;

describe('utf8Length', () => {
  it.each(['', 'plain ascii', 'abc', 'é', 'ü-ß', 'é and ü', '€', '日本語', '€ 漢字', '😀', 'a😀b€c', '🙂 pairs 𝄞'])('counts %j like TextEncoder', (text) => {
    expect(utf8Length(text)).toBe(encoded(text));
  });

  it.each([
    ['a lone high surrogate in the middle', 'lone \ud800 surrogate', 18],
    ['a lone high surrogate at the end', 'trailing \ud83d', 12],
    ['a lone low surrogate', '\udc00x', 4],
    ['two high surrogates', '\ud800\ud800', 6],
    // A lone high surrogate must not swallow the next unit as if it were its pair.
    ['a lone high surrogate before a three-byte character', 'a\ud800€', 7],
    ['a lone high surrogate before a two-byte character', '\ud800é', 5],
    ['a low surrogate before a high one (not a pair)', '\udc00\ud800', 6],
  ])('counts %s as 3 bytes, as TextEncoder writes U+FFFD', (_case, text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
    expect(utf8Length(text)).toBe(encoded(text));
  });

  it('agrees with TextEncoder on every unit next to every other kind of unit', () => {
    const units = ['a', 'é', '€', '\ud83d', '\ude00', '\ud83d\ude00'];
    for (const first of units) for (const second of units) for (const third of units) {
      const text = first + second + third;
      expect(utf8Length(text)).toBe(encoded(text));
    }
  });
});
