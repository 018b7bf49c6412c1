// A small fabricated evaluation result for the renderers' tests.
import type { EvalRun } from './eval-run.js';
import type { EvalResult } from './run-eval.js';
import { summarizeRuns } from './summarize-runs.js';

/** A run with every figure set; override what a test looks at. */
export function testRun(overrides: Partial<EvalRun>): EvalRun {
  return {
    family: 'aggregation',
    task: 'aggregation-1',
    arm: 'direct',
    passed: true,
    detail: 'ok',
    requests: 5,
    toolTurns: 4,
    tokensSent: 23_691,
    tokensReceived: 112,
    providerUsage: null,
    directCalls: 4,
    nestedCalls: 0,
    wallMs: 80,
    refusals: {},
    failures: {},
    ...overrides,
  };
}

/** Two families in two arms, one failed run with markup in its detail, one refusal. */
export function testEvalResult(): EvalResult {
  const runs = [
    testRun({}),
    testRun({ task: 'aggregation-2', passed: false, detail: 'totals <b>differ</b> & more', tokensSent: 20_000 }),
    testRun({ arm: 'code_mode_only', requests: 2, toolTurns: 1, tokensSent: 1_779, tokensReceived: 155, directCalls: 1, nestedCalls: 4, refusals: { UNKNOWN_TOOL: 1 } }),
    testRun({ family: 'small_api', task: 'small_api-1', requests: 2, toolTurns: 1, tokensSent: 468, directCalls: 1 }),
    testRun({ family: 'small_api', task: 'small_api-1', arm: 'code_mode_only', requests: 2, toolTurns: 1, tokensSent: 1_591, directCalls: 1, nestedCalls: 1 }),
  ];
  return {
    provider: 'scripted',
    model: 'scripted',
    arms: ['direct', 'code_mode_only'],
    runs,
    summaries: summarizeRuns(runs),
    catalogScale: [
      { tools: 10, direct: 902, codeModeOnly: 1_266, lazy: 727 },
      { tools: 2_500, direct: 228_002, codeModeOnly: 198_737, lazy: 727 },
    ],
  };
}
