import { describe, expect, it } from 'vitest';
import { isWholeNumber } from './whole-number.js';

describe('isWholeNumber', () => {
  it('accepts safe integers of at least 0 by default', () => {
    for (const value of [0, 1, 42, Number.MAX_SAFE_INTEGER, -0]) expect(isWholeNumber(value)).toBe(true);
  });

  it('refuses fractions, non-finite and unsafe numbers, negatives and non-numbers', () => {
    for (const value of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '3', 3n, null, undefined, [1]]) {
      expect(isWholeNumber(value)).toBe(false);
    }
  });

  it('holds to the minimum asked for', () => {
    expect(isWholeNumber(0, 1)).toBe(false);
    expect(isWholeNumber(1, 1)).toBe(true);
    expect(isWholeNumber(-3, -5)).toBe(true);
    expect(isWholeNumber(-6, -5)).toBe(false);
  });
});
