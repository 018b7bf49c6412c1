import { ConfigurationError } from '@toolcell/core';

/**
 * Every limit of one program. All are configurable per transport and per run; the
 * defaults are {@link DEFAULT_SANDBOX_LIMITS}. Byte sizes count UTF-8 bytes of JSON.
 */
export interface SandboxLimits {
  /**
   * Guest CPU time in ms, enforced by QuickJS's interrupt handler; time spent waiting on
   * tools or timers does not count (`EXEC_CPU_BUDGET`).
   */
  readonly cpuBudgetMs: number;
  /** Guest heap, enforced by QuickJS and by a capped `WebAssembly.Memory` (`EXEC_MEMORY`). */
  readonly memoryBytes: number;
  /**
   * Guest stack (`EXEC_STACK`). At most 256 KiB in process (the host's own V8 stack must
   * hold it) and 1 MiB in a child process, whose V8 stack is raised to match.
   */
  readonly stackBytes: number;
  /** Program source size in UTF-8 bytes (`EXEC_SOURCE_LIMIT`). */
  readonly sourceBytes: number;
  /**
   * Characters of text all `text()` calls may produce together, one item per line: the
   * newline between two items counts too (`EXEC_OUTPUT_LIMIT`).
   */
  readonly maxTextChars: number;
  /** JSON size of the program's return value (`EXEC_OUTPUT_LIMIT`). */
  readonly maxResultBytes: number;
  /** Number of media items (`EXEC_OUTPUT_LIMIT`). */
  readonly maxMediaItems: number;
  /** Decoded size of all media items together (`EXEC_OUTPUT_LIMIT`). */
  readonly maxMediaBytes: number;
  /** Timers pending at once; `setTimeout` beyond it throws a `RangeError` in the guest. */
  readonly maxTimers: number;
  /**
   * JSON size of one message crossing the boundary with data: a tool input (the guest's
   * promise rejects with `INVALID_ARGS`), a tool result (rejects with
   * `EXEC_OUTPUT_LIMIT`), a stored or notified value (the guest call throws).
   */
  readonly maxMessageBytes: number;
  /**
   * UTF-8 bytes of all stored values (keys plus JSON) a cell may hold: its starting
   * snapshot plus its own writes. A `store` beyond it throws a `RangeError` in the guest.
   */
  readonly maxStoredBytes: number;
  /** How long a child process may take to start before the run fails (`EXEC_CRASHED`). */
  readonly bootTimeoutMs: number;
  /**
   * Wall-clock slack over `cpuBudgetMs`. A program may exist for `cpuBudgetMs +
   * watchdogGraceMs` of wall time, not counting time with tool calls in flight; past it,
   * the engine ends it, and the parent's watchdog kills a child process that does not
   * answer (`EXEC_CPU_BUDGET`).
   */
  readonly watchdogGraceMs: number;
  /**
   * Size of a suspended program's sealed snapshot. A durable run whose snapshot would be
   * larger is not suspended: it stays running in memory, its parked calls waiting for
   * answers, and the host is told why (`SNAPSHOT_TOO_LARGE`); a resume refuses a larger one.
   */
  readonly maxSnapshotBytes: number;
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** The default limits. */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  cpuBudgetMs: 30_000,
  memoryBytes: 64 * MIB,
  stackBytes: 256 * KIB,
  sourceBytes: 128 * KIB,
  maxTextChars: 100_000,
  maxResultBytes: 1 * MIB,
  maxMediaItems: 16,
  maxMediaBytes: 10 * MIB,
  maxTimers: 1024,
  maxMessageBytes: 16 * MIB,
  maxStoredBytes: 1 * MIB,
  bootTimeoutMs: 10_000,
  watchdogGraceMs: 2_000,
  maxSnapshotBytes: 64 * MIB,
});

/**
 * The inclusive range `[min, max]` of each limit; beyond it a setting cannot work. Every
 * value in range is an integer a transport accepts (in process, `stackBytes` is further
 * capped at 256 KiB) and one the `exec` description can state.
 */
export const SANDBOX_LIMIT_BOUNDS: Readonly<Record<keyof SandboxLimits, readonly [min: number, max: number]>> = Object.freeze({
  cpuBudgetMs: [1, 24 * 60 * 60 * 1000],
  memoryBytes: [1 * MIB, 1024 * MIB],
  stackBytes: [16 * KIB, 1 * MIB],
  sourceBytes: [1, 64 * MIB],
  maxTextChars: [0, 256 * MIB],
  maxResultBytes: [16, 256 * MIB],
  maxMediaItems: [0, 100_000],
  maxMediaBytes: [0, 1024 * MIB],
  maxTimers: [0, 1_000_000],
  maxMessageBytes: [1 * KIB, 1024 * MIB],
  maxStoredBytes: [0, 1024 * MIB],
  bootTimeoutMs: [1, 10 * 60 * 1000],
  watchdogGraceMs: [0, 10 * 60 * 1000],
  maxSnapshotBytes: [1 * KIB, 1024 * MIB],
});

/**
 * Merge partial limits over the defaults, later layers winning, and check every value.
 *
 * @throws ConfigurationError (`INVALID_CONFIGURATION`, setting `limits.<name>`) for an
 *   unknown name or a value that is not an integer within its bounds.
 */
export function resolveSandboxLimits(...layers: ReadonlyArray<Partial<SandboxLimits> | undefined>): SandboxLimits {
  const merged: Record<string, number> = { ...DEFAULT_SANDBOX_LIMITS };
  for (const layer of layers) {
    if (layer === undefined) continue;
    for (const [name, value] of Object.entries(layer)) {
      if (!Object.hasOwn(SANDBOX_LIMIT_BOUNDS, name)) {
        throw new ConfigurationError({
          setting: `limits.${name}`,
          message: `unknown limit; known limits are ${Object.keys(SANDBOX_LIMIT_BOUNDS).join(', ')}`,
        });
      }
      if (value !== undefined) merged[name] = value as number;
    }
  }
  for (const [name, [low, high]] of Object.entries(SANDBOX_LIMIT_BOUNDS)) {
    const value = merged[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > high) {
      throw new ConfigurationError({
        setting: `limits.${name}`,
        message: `must be an integer from ${low} to ${high}, got ${String(value)}`,
      });
    }
  }
  return Object.freeze(merged) as unknown as SandboxLimits;
}
