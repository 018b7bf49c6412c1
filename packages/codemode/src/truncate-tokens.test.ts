import { loadTokenCounter } from '@toolcell/sdkgen';
import { describe, expect, it } from 'vitest';
import { fitsUncounted, truncateToTokens } from './truncate-tokens.js';

// One token per whitespace-separated word keeps expectations easy to read.
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('truncateToTokens', () => {
  it('leaves text within budget alone', () => {
    expect(truncateToTokens('a b c', 3, words)).toEqual({ text: 'a b c', originalTokens: 3, truncated: false });
  });

  it('does not count a text with no more UTF-8 bytes than the budget has tokens', () => {
    const counted: string[] = [];
    const spy = (text: string) => {
      counted.push(text);
      return words(text);
    };
    expect(truncateToTokens('a b c', 5, spy)).toEqual({ text: 'a b c', truncated: false });
    expect(truncateToTokens('é'.repeat(3), 6, spy)).toEqual({ text: 'ééé', truncated: false });
    expect(counted).toEqual([]);
    truncateToTokens('é'.repeat(3), 5, spy);
    expect(counted).toEqual(['ééé']);
  });

  it('fits a text uncounted exactly when its UTF-8 bytes are within the budget', () => {
    const bytes = (text: string) => new TextEncoder().encode(text).length;
    for (const text of ['', 'plain ascii', 'é'.repeat(40), '日本語'.repeat(20), '😀'.repeat(10), `a${'€'.repeat(30)}`]) {
      for (const maxTokens of [0, 1, 10, 30, 60, 61, 91, 200]) {
        // An upper bound for surrogate pairs (6 for 4 bytes) may refuse a text that fits, never the reverse.
        if (fitsUncounted(text, maxTokens)) expect(bytes(text)).toBeLessThanOrEqual(maxTokens);
        else if (!/\p{Extended_Pictographic}/u.test(text)) expect(bytes(text)).toBeGreaterThan(maxTokens);
      }
    }
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

  it('gives the tokenizer only short pieces and, for a long text, only what the budget keeps', () => {
    const seen = { longest: 0, characters: 0 };
    const fourPerToken = (text: string) => {
      seen.longest = Math.max(seen.longest, text.length);
      seen.characters += text.length;
      return Math.ceil(text.length / 4);
    };
    const text = 'y'.repeat(10 * 1024 * 1024);
    const result = truncateToTokens(text, 1000, fourPerToken);
    expect(seen.longest).toBeLessThanOrEqual(1024);
    // About 4,000 characters kept, and the chunk where each half runs out searched piece by piece.
    expect(seen.characters).toBeLessThan(100_000);
    expect(result).toMatchObject({ truncated: true, estimated: true, originalTokens: 2_621_440 });
    expect(result.text).toContain('[… output truncated: about 2621440 tokens, kept the first and last 1000 …]');
    const [head = '', tail = ''] = result.text.split(/\n\[…[^\]]*\]\n/);
    expect(fourPerToken(head) + fourPerToken(tail)).toBeLessThanOrEqual(1000);
  });

  it('counts a long text from each end only as far as its half of the budget, searching only the piece where it runs out', () => {
    let characters = 0;
    const fourPerToken = (text: string) => {
      characters += text.length;
      return Math.ceil(text.length / 4);
    };
    const result = truncateToTokens('y'.repeat(10 * 1024 * 1024), 1000, fourPerToken);
    expect(result).toMatchObject({ truncated: true, originalTokens: 2_621_440 });
    // 4,000 characters kept, one chunk past each half and the pieces searched (was ~24,000).
    expect(characters).toBeLessThan(10_000);
  });

  it('returns a long text whole when it fits, and states a long text just over the budget at its counted size', () => {
    const eightPerToken = (text: string) => Math.ceil(text.length / 8);
    expect(truncateToTokens('y'.repeat(40_000), 6000, eightPerToken)).toEqual({ text: 'y'.repeat(40_000), originalTokens: 5000, truncated: false });
    expect(truncateToTokens('y'.repeat(48_016), 6000, eightPerToken)).toMatchObject({ truncated: true, estimated: true, originalTokens: 6002 });
  });

  it('states an exact count only when it counted the whole text at once (issue 28)', async () => {
    const o200k = await loadTokenCounter();
    // Counted 1 KiB at a time, these add up to more tokens than they have (5,030 for 5,001).
    for (const text of ['hello '.repeat(5_000), Array.from({ length: 1_000 }, (_, index) => `line ${index}: some text here`).join('\n')]) {
      const result = truncateToTokens(text, 1_000, o200k);
      expect(result).toMatchObject({ truncated: true, originalTokens: o200k(text) });
      expect(result).not.toHaveProperty('estimated');
      expect(result.text).toContain(`[… output truncated: ${o200k(text)} tokens,`);
    }
  });

  it('says "about" for a short text it could only count in pieces: one with a run longer than a chunk', () => {
    const fourPerToken = (text: string) => Math.ceil(text.length / 4);
    const result = truncateToTokens('y'.repeat(20_000), 1000, fourPerToken);
    expect(result).toMatchObject({ truncated: true, estimated: true, originalTokens: 5_000 });
    expect(result.text).toContain('[… output truncated: about 5000 tokens, kept the first and last 1000 …]');
  });

  it('counts a text of moderate length exactly, in one call, and keeps head and tail in budget', () => {
    const text = Array.from({ length: 4_000 }, (_, index) => `w${index}`).join(' ');
    const result = truncateToTokens(text, 100, words);
    expect(result).toMatchObject({ truncated: true, originalTokens: 4_000 });
    expect(result).not.toHaveProperty('estimated');
    expect(result.text.startsWith('w0 w1 w2')).toBe(true);
    expect(result.text.endsWith('w3998 w3999')).toBe(true);
    const [head = '', tail = ''] = result.text.split(/\n\[…[^\]]*\]\n/);
    expect(words(head) + words(tail)).toBeLessThanOrEqual(100);
    expect(words(head) + words(tail)).toBeGreaterThanOrEqual(98);
  });

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(5000);
    const result = truncateToTokens(text, 10, (piece) => piece.length);
    const [head = '', tail = ''] = result.text.split(/\n\[…[^\]]*\]\n/);
    expect(head.length % 2).toBe(0);
    expect(tail.length % 2).toBe(0);
    expect(head + tail).toMatch(/^(😀)+$/u);
  });
});
