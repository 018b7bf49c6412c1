import type { ExecErrorCode, JsonValue } from '@toolcell/core';
import type { OutputItem } from './output-item.js';

/** Why a program failed. Plain data: it crosses the process boundary as is. */
export interface ProgramError {
  /** One of `EXEC_ERROR_CODES`. */
  readonly code: ExecErrorCode;
  /** What happened and what to do next, for a model or a person. */
  readonly message: string;
  /** The guest's stack trace for `EXEC_RUNTIME` (bounded), when there is one. */
  readonly stack?: string;
  /**
   * Where in the program it happened, for `EXEC_SYNTAX` and `EXEC_RUNTIME`: the syntax
   * error's position, or the innermost stack frame in the program's own source (for a failed
   * tool call, the line that awaited it). Counted in the source as sent: line 1 is its first.
   */
  readonly location?: ProgramLocation;
}

/** A position in a program's source: 1-based line and column. */
export interface ProgramLocation {
  readonly line: number;
  readonly column: number;
}

/** Figures of one run. */
export interface ProgramStats {
  /** Wall-clock time of the whole run, including waits and process start. */
  readonly wallMs: number;
  /** Guest CPU time counted against `cpuBudgetMs`. */
  readonly cpuMs: number;
  /** Tool calls the guest issued (including ones still pending at the end). */
  readonly toolCalls: number;
}

/** How one program ended. */
export interface ProgramResult {
  /** `completed` when the program returned (or called `exit()`), `failed` otherwise. */
  readonly status: 'completed' | 'failed';
  /** The JSON return value; absent when the program returned `undefined` or failed. */
  readonly returnValue?: JsonValue;
  /** Everything `text`/`image`/`audio`/`generatedImage` produced, kept on failure too. */
  readonly output: OutputItem[];
  /** Present exactly when `status` is `failed`. */
  readonly error?: ProgramError;
  /** Figures of the run. */
  readonly stats: ProgramStats;
}
