import type { ToolMode } from '@toolcell/core';

/** The arms an evaluation compares: one per tool mode. */
export const EVAL_ARMS = ['direct', 'code_mode', 'code_mode_only'] as const satisfies readonly ToolMode[];

/** One of {@link EVAL_ARMS}. */
export type EvalArm = (typeof EVAL_ARMS)[number];
