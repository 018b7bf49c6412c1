/** The demo chart's categories: what the comparison is about. */
export const CHART_CATEGORIES = ['turns with calls', 'requests', 'tokens sent', 'model calls', 'nested calls'] as const;

/** What of a run the chart draws. */
export interface ChartedRun {
  readonly toolTurns: number;
  readonly requests: number;
  readonly tokens: number;
  readonly modelCalls: number;
  readonly nestedCalls: number;
}

/** The figures the chart draws for one run, in {@link CHART_CATEGORIES} order. */
export function chartFigures(run: ChartedRun): number[] {
  return [run.toolTurns, run.requests, run.tokens, run.modelCalls, run.nestedCalls];
}
