// Building the exec answer is bounded whatever the program prints: the token counter only
// ever sees short pieces (through the public CodeMode option `countTokens`).
import type { CallOutcome, JsonObject } from '@toolcell/core';
import { loadTokenCounter } from '@toolcell/sdkgen';
import { describe, expect, it } from 'vitest';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest();

const countTokens = await loadTokenCounter();

function spiedHarness() {
  const seen = { longest: 0, characters: 0 };
  const h = harness({
    limits: { maxTextChars: 1_000_000, cpuBudgetMs: 15_000 },
    countTokens: (text) => {
      seen.longest = Math.max(seen.longest, text.length);
      seen.characters += text.length;
      return countTokens(text);
    },
  });
  return { h, seen };
}

const result = (outcome: CallOutcome) => outcome.output.result.value as JsonObject;

describe('the exec answer', () => {
  it("of `return 'y'.repeat(120000)` counts tokens in short pieces and is truncated with a marker", async () => {
    const { h, seen } = spiedHarness();
    const outcome = await h.exec(`return 'y'.repeat(120000);`);
    expect(seen.longest).toBeLessThanOrEqual(1024);
    expect(seen.characters).toBeLessThan(600_000);
    expect(result(outcome).truncated_from_tokens).toBeGreaterThan(10_000);
    expect(JSON.stringify(outcome.output.wire)).toContain('output truncated');
  });

  it('of 50,000 empty text items stays within maxTextChars, the newlines between them counted (issue 28)', async () => {
    const h = harness({ limits: { maxTextChars: 20_000 } });
    const outcome = await h.exec(`for (let i = 0; i < 50000; i += 1) text(''); return 'done';`);
    expect(outcome).toMatchObject({ status: 'error', code: 'EXEC_OUTPUT_LIMIT' });
    // The answer prints the items one per line: 20,001 empty items are 20,000 characters (was 49,999).
    expect(String(result(outcome).text)).toHaveLength(20_000);
  });

  it('of 100,000 empty text items counts tokens in short pieces', async () => {
    const { h, seen } = spiedHarness();
    const outcome = await h.exec(`for (let i = 0; i < 100000; i += 1) text(''); return 'done';`);
    expect(String(result(outcome).text).length).toBeGreaterThan(1024);
    expect(seen.longest).toBeLessThanOrEqual(1024);
  });
});
