import type { SandboxLimits } from '@toolcell/sandbox';

/**
 * The sandbox limits of the playground: a CPU budget short enough that an endless loop
 * ends with `EXEC_CPU_BUDGET` while a person is still looking.
 */
export const PLAYGROUND_LIMITS: Partial<SandboxLimits> = { cpuBudgetMs: 3_000 };

/**
 * How long the page waits for an answer beyond the CPU budget before it ends the worker:
 * the in-process transport cannot interrupt a builtin that starves its interrupt handler.
 */
export const WATCHDOG_GRACE_MS = 7_000;
