import type { JsonValue } from '@toolcell/core';
import type { OutputItem } from '../contract/output-item.js';
import type { ProgramError, ProgramResult } from '../contract/program-result.js';

/** Figures a transport collected for one run. */
export interface RunFigures {
  readonly startedAt: number;
  readonly cpuMs: number;
  readonly toolCalls: number;
}

/** A completed result. */
export function completedResult(returnValue: JsonValue | undefined, output: OutputItem[], figures: RunFigures): ProgramResult {
  return {
    status: 'completed',
    ...(returnValue === undefined ? {} : { returnValue }),
    output,
    stats: statsOf(figures),
  };
}

/** A failed result; the output so far is kept. */
export function failedResult(error: ProgramError, output: OutputItem[], figures: RunFigures): ProgramResult {
  return { status: 'failed', output, error, stats: statsOf(figures) };
}

/** The result of an engine's outcome: completed with its return value (JSON), or failed with its error. */
export function outcomeResult(
  outcome: { readonly status: string; readonly returnJson?: string; readonly error?: ProgramError },
  output: OutputItem[],
  figures: RunFigures,
): ProgramResult {
  return outcome.status === 'completed' || outcome.error === undefined
    ? completedResult(outcome.returnJson === undefined ? undefined : (JSON.parse(outcome.returnJson) as JsonValue), output, figures)
    : failedResult(outcome.error, output, figures);
}

function statsOf(figures: RunFigures): ProgramResult['stats'] {
  return {
    wallMs: round(performance.now() - figures.startedAt),
    cpuMs: round(figures.cpuMs),
    toolCalls: figures.toolCalls,
  };
}

function round(milliseconds: number): number {
  return Math.round(milliseconds * 1000) / 1000;
}
