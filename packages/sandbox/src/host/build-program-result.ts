import type { JsonValue } from '@toolcell/core';
import type { OutputItem } from './output-item.js';
import type { ProgramError, ProgramResult } from './program-result.js';
import type { CallbackErrorReporter, HostCallbackName, RunProgramRequest } from './run-program-request.js';

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

/** The default {@link CallbackErrorReporter}: print it, and carry on. */
export const printCallbackError: CallbackErrorReporter = (error, context) => {
  console.error(`toolcell: the sandbox's ${context.callback} callback threw; the program went on.`, error);
};

/**
 * Call a host callback; what it throws is the host's problem, not the program's: it is
 * reported to `request.onCallbackError`, never swallowed, and the program goes on.
 */
export function callSafely(request: Pick<RunProgramRequest, 'onCallbackError'>, callback: HostCallbackName, call: () => void): void {
  try {
    call();
  } catch (error) {
    try {
      (request.onCallbackError ?? printCallbackError)(error, { callback });
    } catch {
      // The reporter itself failed; nothing is left to tell.
    }
  }
}
