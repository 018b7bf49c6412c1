import v8 from 'node:v8';
import vm from 'node:vm';
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

  it('keeps no counted text alive through the tokenizer\'s cache of uncommon words', async () => {
    const { loadTokenCounter } = await import('./count-tokens.js');
    const countTokens = await loadTokenCounter();
    v8.setFlagsFromString('--expose-gc');
    const collect = vm.runInNewContext('gc') as () => void;
    const heapUsed = () => {
      collect();
      collect();
      return process.memoryUsage().heapUsed;
    };
    // Letters only, so each word is one pre-token, long enough to be cut as a slice, and none is in the vocabulary.
    const word = (text: number, index: number) => (text * 1_000_000 + index).toString(26).replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)] ?? '').padEnd(24, 'zq');
    const before = heapUsed();
    for (let text = 0; text < 20; text += 1) {
      // 2 MiB that opens with words unique to it, whose first 1 KiB is counted as exec answers are.
      const words = Array.from({ length: 50 }, (_, index) => word(text, index)).join(' ');
      const long = `${words} ${'y'.repeat(2 * 1024 * 1024)}`;
      countTokens(long.slice(0, 1024));
    }
    // Each text kept alive would be 2 MiB (40 MiB in all).
    expect(heapUsed() - before).toBeLessThan(12 * 1024 * 1024);
  });

  it('counts text that looks like a special token as plain text instead of throwing', async () => {
    const { loadTokenCounter } = await import('./count-tokens.js');
    expect((await loadTokenCounter())('<|endoftext|>')).toBeGreaterThan(1);
  });
});
