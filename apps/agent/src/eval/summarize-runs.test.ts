import { describe, expect, it } from 'vitest';
import { median } from './median.js';
import { summarizeRuns } from './summarize-runs.js';
import { testRun } from './test-eval-result.js';

describe('summarizeRuns', () => {
  it('takes medians per family and arm, the success rate, and totals the refusals by code', () => {
    const summaries = summarizeRuns([
      testRun({ arm: 'code_mode_only', tokensSent: 10, refusals: { DENIED: 1 } }),
      testRun({ tokensSent: 300, requests: 3 }),
      testRun({ tokensSent: 100, requests: 7, passed: false }),
      testRun({ tokensSent: 200, requests: 5, refusals: { DENIED: 2, UNKNOWN_TOOL: 1 } }),
      testRun({ family: 'small_api', tokensSent: 1 }),
      testRun({ arm: 'code_mode_only', tokensSent: 30, refusals: { DENIED: 1 } }),
    ]);
    // Families and arms in the order the runs first name them.
    expect(summaries.map((summary) => `${summary.family}/${summary.arm}`)).toEqual(['aggregation/code_mode_only', 'aggregation/direct', 'small_api/direct']);
    expect(summaries[1]).toMatchObject({ runs: 3, tokensSent: 200, requests: 5, refusals: { DENIED: 2, UNKNOWN_TOOL: 1 } });
    expect(summaries[1]!.successRate).toBeCloseTo(2 / 3);
    expect(summaries[0]).toMatchObject({ runs: 2, tokensSent: 20, successRate: 1, refusals: { DENIED: 2 } });
  });

  it('median: the middle value, the mean of the middle two, 0 for none', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});
