import { describe, expect, it } from 'vitest';
import { truncateToTokens } from './truncate-tokens.js';

// One token per whitespace-separated word keeps expectations easy to read.
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('truncateToTokens', () => {
  it('leaves text within budget alone', () => {
    expect(truncateToTokens('a b c', 3, words)).toEqual({ text: 'a b c', originalTokens: 3, truncated: false });
  });

  it('keeps head and tail with a marker stating the original count', () => {
    const text = Array.from({ length: 100 }, (_, index) => `w${index}`).join(' ');
    const result = truncateToTokens(text, 10, words);
    expect(result.truncated).toBe(true);
    expect(result.originalTokens).toBe(100);
    expect(result.text.startsWith('w0 w1 w2 w3 w4')).toBe(true);
    expect(result.text.endsWith('w95 w96 w97 w98 w99')).toBe(true);
    expect(result.text).toContain('[… output truncated: 100 tokens, kept the first and last 10 …]');
    const [head = '', tail = ''] = result.text.split(/\n\[…[^\]]*\]\n/);
    expect(words(head) + words(tail)).toBeLessThanOrEqual(10);
  });
});
