import type { EvalArm } from './eval-arm.js';
import type { EvalRun } from './eval-run.js';
import { median } from './median.js';

/** The medians of one family in one arm. */
export interface EvalSummary {
  readonly family: string;
  readonly arm: EvalArm;
  readonly runs: number;
  /** Share of runs whose check passed, 0–1. */
  readonly successRate: number;
  readonly requests: number;
  readonly toolTurns: number;
  readonly tokensSent: number;
  readonly tokensReceived: number;
  readonly directCalls: number;
  readonly nestedCalls: number;
  readonly wallMs: number;
  /** Refusals of all the family's runs in this arm, by code. */
  readonly refusals: Readonly<Record<string, number>>;
}

function total(records: readonly Readonly<Record<string, number>>[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const record of records) for (const [code, count] of Object.entries(record)) sum[code] = (sum[code] ?? 0) + count;
  return sum;
}

/** Medians per family and arm: families, and arms within each, in the order the runs first name them. */
export function summarizeRuns(runs: readonly EvalRun[]): EvalSummary[] {
  const families = [...new Set(runs.map((run) => run.family))];
  const arms = [...new Set(runs.map((run) => run.arm))];
  const groups = families.flatMap((family) =>
    arms.map((arm) => runs.filter((run) => run.family === family && run.arm === arm)).filter((group) => group.length > 0),
  );
  return groups.map((group) => {
    const of = (metric: (run: EvalRun) => number) => median(group.map(metric));
    return {
      family: group[0]!.family,
      arm: group[0]!.arm,
      runs: group.length,
      successRate: group.filter((run) => run.passed).length / group.length,
      requests: of((run) => run.requests),
      toolTurns: of((run) => run.toolTurns),
      tokensSent: of((run) => run.tokensSent),
      tokensReceived: of((run) => run.tokensReceived),
      directCalls: of((run) => run.directCalls),
      nestedCalls: of((run) => run.nestedCalls),
      wallMs: of((run) => run.wallMs),
      refusals: total(group.map((run) => run.refusals)),
    };
  });
}
