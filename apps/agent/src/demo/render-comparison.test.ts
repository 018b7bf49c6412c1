import { describe, expect, it } from 'vitest';
import { renderComparison } from './render-comparison.js';
import type { DemoResult, DemoRun } from './run-demo.js';

function run(mode: DemoRun['mode'], figures: Pick<DemoRun, 'toolTurns' | 'requests' | 'tokens' | 'modelCalls' | 'nestedCalls' | 'wallMs'>): DemoRun {
  return { mode, ...figures, modelledWallMs: figures.wallMs + figures.requests * 1_000, reportPath: `/tmp/demo/${mode}/TODO_REPORT.md`, report: 'é'.repeat(600), finalText: '' };
}

describe('renderComparison', () => {
  it('prints the runs side by side (first column left, the rest right), the report paths and the report size', () => {
    const result: DemoResult = {
      workspace: '/tmp/demo', task: 'Write a TODO report.',
      runs: [
        run('direct', { toolTurns: 9, requests: 10, tokens: 23_693, modelCalls: 9, nestedCalls: 0, wallMs: 18.4 }),
        { ...run('code_mode_only', { toolTurns: 1, requests: 2, tokens: 4_120, modelCalls: 1, nestedCalls: 9, wallMs: 1_234 }), sandboxWarmUp: { programs: 40, calls: 1_600, wallMs: 612.4 } },
      ],
      identical: true,
    };
    expect(renderComparison(result)).toBe(
      [
        '                               direct   code_mode_only',
        '───────────────────────────   ───────   ──────────────',
        'model turns with tool calls         9                1',
        'model requests                     10                2',
        'tokens sent to the model       23,693            4,120',
        'tool calls                          9    1 (+9 nested)',
        'wall time                       18 ms           1.23 s',
        'wall time, real model*        10.02 s           3.23 s',
        '',
        '* modelled: the wall time plus 1.00 s for each model request, a hosted model\'s time to answer (the built-in model answers at once): direct 18 ms + 10 × 1.00 s; code_mode_only 1.23 s + 2 × 1.00 s.',
        'Timed: each run from its first model request to its final answer. Before the runs, untimed: each mode did the task once unshown, and the code_mode_only sandbox process\'s start and 40 warm-up programs (1,600 calls, answered by the warm-up itself) in 612 ms, which a host does while the model writes its first reply (modelled: 1.00 s).',
        '',
        'report (direct): /tmp/demo/direct/TODO_REPORT.md',
        'report (code_mode_only): /tmp/demo/code_mode_only/TODO_REPORT.md',
        'Both runs wrote the same report (1,200 bytes).',
      ].join('\n'),
    );
  });

  it('says what was not timed when no run warmed a sandbox up', () => {
    const result: DemoResult = { workspace: '/tmp/demo', task: 'Write a TODO report.', runs: [run('direct', { toolTurns: 1, requests: 2, tokens: 3, modelCalls: 1, nestedCalls: 0, wallMs: 1 })], identical: true };
    expect(renderComparison(result).split('\n')).toContain('Timed: each run from its first model request to its final answer. Before the runs, untimed: each mode did the task once unshown.');
  });

  it('says when the runs wrote different reports', () => {
    const result: DemoResult = { workspace: '/tmp/demo', task: 'Write a TODO report.', runs: [run('direct', { toolTurns: 1, requests: 2, tokens: 3, modelCalls: 1, nestedCalls: 0, wallMs: 1 })], identical: false };
    expect(renderComparison(result).split('\n').at(-1)).toBe('The runs wrote different reports — compare the files above.');
  });
});
