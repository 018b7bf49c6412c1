import { describe, expect, it } from 'vitest';
import { fitsUtf8, utf8Length } from './utf8-length.js';

describe('utf8Length', () => {
  it.each(['', 'plain ascii', 'é and ü', '€ 漢字', '🙂 pairs 𝄞', 'lone \ud800 surrogate', 'trailing \ud83d'])('counts %j like TextEncoder', (text) => {
    expect(utf8Length(text)).toBe(new TextEncoder().encode(text).length);
  });

  it('answers whether a text fits a byte limit', () => {
    expect(fitsUtf8('abc', 3)).toBe(true);
    expect(fitsUtf8('€', 2)).toBe(false);
    expect(fitsUtf8('€', 3)).toBe(true);
  });
});
