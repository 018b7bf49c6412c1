/** Figures of one task, in milliseconds. */
export interface SuiteRow {
  name: string;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  samples: number;
}

/** Run a tinybench suite and print p50/p95/p99/mean in µs. Throws if a task failed. */
export declare function runSuite(
  title: string,
  tasks: Record<string, () => unknown>,
  options?: { time?: number; iterations?: number },
): Promise<SuiteRow[]>;

/** Print a titled table of plain rows. */
export declare function printTable(title: string, rows: Array<Record<string, unknown>>): void;
