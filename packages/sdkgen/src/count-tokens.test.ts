import { describe, expect, it } from 'vitest';
import { countTokens } from './count-tokens.js';

describe('countTokens', () => {
  it('counts o200k tokens', () => {
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('hello world, hello world')).toBeGreaterThan(countTokens('hello world'));
  });

  it('counts text that looks like a special token as plain text instead of throwing', () => {
    expect(countTokens('<|endoftext|>')).toBeGreaterThan(1);
  });
});
