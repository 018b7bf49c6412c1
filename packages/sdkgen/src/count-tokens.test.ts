import { describe, expect, it, vi } from 'vitest';

// Counts how often the tokenizer module is evaluated (the factory runs on its first import only).
const tokenizer = vi.hoisted(() => ({ loads: 0 }));
vi.mock('gpt-tokenizer/encoding/o200k_base', async (importOriginal) => {
  tokenizer.loads += 1;
  return importOriginal();
});

describe('loadTokenCounter', () => {
  it('loads the tokenizer on first use, not when sdkgen is imported, and only once', async () => {
    const sdkgen = await import('./index.js');
    expect(tokenizer.loads).toBe(0);
    const [first, second] = await Promise.all([sdkgen.loadTokenCounter(), sdkgen.loadTokenCounter()]);
    expect(tokenizer.loads).toBe(1);
    expect(second).toBe(first);
    expect(await sdkgen.loadTokenCounter()).toBe(first);
  });

  it('counts o200k tokens', async () => {
    const { loadTokenCounter } = await import('./count-tokens.js');
    const countTokens = await loadTokenCounter();
    expect(countTokens('')).toBe(0);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('hello world, hello world')).toBeGreaterThan(countTokens('hello world'));
  });

  it('counts text that looks like a special token as plain text instead of throwing', async () => {
    const { loadTokenCounter } = await import('./count-tokens.js');
    expect((await loadTokenCounter())('<|endoftext|>')).toBeGreaterThan(1);
  });
});
