import type { QuickJSWASMModule } from 'quickjs-emscripten-core';

/** The programs measured everywhere, as sandbox program bodies calling `tools.echo`. */
export declare const BENCH_PROGRAMS: {
  readonly trivial: string;
  readonly '100 sequential': string;
  readonly 'Promise.all 100': string;
};
export type BenchProgramName = keyof typeof BENCH_PROGRAMS;

/** The QuickJS module the floor runs in (the sandbox's own build, without toolcell). */
export declare function loadFloorModule(): Promise<QuickJSWASMModule>;

/**
 * A function running one program body at the floor (fresh runtime and context, a
 * `tools.echo` answered on the host's next microtask turn); synchronous when the program
 * ends in its first turn. Throws if the program fails.
 */
export declare function floorRunner(quickjs: QuickJSWASMModule): (source: string) => Promise<void> | void;

/** The load average now, as printed beside the figures ("1.93 / 1.80 / 1.71"). */
export declare function loadAverage(): string;

/** p50 and p95 in ms of `samples` runs (200), each after `idleMs` of idle time (0: back to back). */
export declare function pacedFigures(
  task: () => Promise<void> | void,
  options?: { idleMs?: number; samples?: number },
): Promise<{ p50: number; p95: number }>;

/** One task's figures beside the floor: milliseconds, and p50 over the floor's p50. */
export interface FloorRow {
  readonly name: string;
  readonly p50: number;
  readonly p95: number;
  readonly ratio: number;
}

/** What {@link backToBackAgainstFloor} measured, with the load average at its start. */
export interface FloorFigures {
  readonly loadAverage: string;
  /** The floor first, then the tasks in their order. */
  readonly rows: readonly FloorRow[];
}

/**
 * Time each task back to back beside the floor's trivial program, in interleaved rounds.
 * Warm the tasks up first: this measures, it does not warm.
 */
export declare function backToBackAgainstFloor(tasks: Record<string, () => Promise<void>>, samplesPerTask?: number): Promise<FloorFigures>;

/** Print {@link backToBackAgainstFloor}'s figures as one table. */
export declare function printFloorTable(title: string, figures: FloorFigures): void;
