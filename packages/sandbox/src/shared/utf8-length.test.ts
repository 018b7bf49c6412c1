import { describe, expect, it } from 'vitest';
import { fitsUtf8 } from './utf8-length.js';

describe('fitsUtf8', () => {
  it('answers whether a text fits a byte limit', () => {
    expect(fitsUtf8('abc', 3)).toBe(true);
    expect(fitsUtf8('€', 2)).toBe(false);
    expect(fitsUtf8('€', 3)).toBe(true);
  });

  it('counts a lone surrogate as the 3 bytes TextEncoder writes for it', () => {
    expect(fitsUtf8('a\ud800€', 6)).toBe(false);
    expect(fitsUtf8('a\ud800€', 7)).toBe(true);
  });
});
