// Without a host counter, Code Mode counts with sdkgen's o200k counter, and loads it only
// when an answer may not fit its budget: short answers never wait for the tokenizer.
import type { CallOutcome, JsonObject } from '@toolcell/core';
import * as sdkgen from '@toolcell/sdkgen';
import { describe, expect, it, vi } from 'vitest';
import { createHarness } from './test-support/harness.js';

const loader = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@toolcell/sdkgen', async (importOriginal) => {
  const actual = await importOriginal<typeof sdkgen>();
  return {
    ...actual,
    loadTokenCounter: () => {
      loader.calls += 1;
      return actual.loadTokenCounter();
    },
  };
});

const result = (outcome: CallOutcome) => outcome.output.result.value as JsonObject;

describe('the exec answer without a host counter', () => {
  it('loads the tokenizer only for an answer that may not fit, and counts as an explicit o200k counter does', async () => {
    const lazy = createHarness({});
    try {
      const short = await lazy.exec(`text('hello'); return 42;`);
      expect(result(short).text).toBe('hello');
      expect(loader.calls).toBe(0);

      const long = await lazy.exec(`return 'word '.repeat(30000);`);
      expect(loader.calls).toBe(1);
      const countTokens = await sdkgen.loadTokenCounter();
      const explicit = createHarness({ countTokens });
      try {
        const same = await explicit.exec(`return 'word '.repeat(30000);`);
        expect(result(long).truncated_from_tokens).toBeGreaterThan(10_000);
        expect(result(long).truncated_from_tokens).toBe(result(same).truncated_from_tokens);
      } finally {
        await explicit.close();
      }
    } finally {
      await lazy.close();
    }
  });
});
