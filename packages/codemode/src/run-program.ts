import type { CallOutcome } from '@toolcell/core';
import type { Scope } from '@toolcell/registry';
import type { ExecResult } from './exec-report.js';

/** One program for {@link CodeMode.runProgram}: dispatched as an `exec` call through the runtime. */
export interface RunProgramRequest {
  /** The program: the body of an async function, with an optional `// @exec` pragma line first. */
  readonly code: string;
  /** The `exec` call's id (the model's tool-call id); nested calls are `<callId>:code:<n>`. */
  readonly callId: string;
  /** The scope it runs in (default: the registry's root). */
  readonly scope?: Scope;
  /** Cancels the call, and the program while the call observes it. */
  readonly signal?: AbortSignal;
  /** Passed with the `exec` call and on to every nested call (`ToolContext.hostContext`). */
  readonly hostContext?: unknown;
}

/** How a program run ended: the `exec` call's outcome, and its typed result when the program ran. */
export interface ProgramRun {
  /** The `exec` call's outcome: `output.wire` is what the model reads. */
  readonly outcome: CallOutcome;
  /**
   * What the program did (`completed`, `failed`, `terminated` or `running`), when it ran;
   * `undefined` when the `exec` call was refused before a program started (the outcome
   * says why).
   */
  readonly result: ExecResult | undefined;
}

/** The `ExecResult` an `exec` outcome carries, when a program ran (succeeded or not). */
export function execResultOf(outcome: CallOutcome): ExecResult | undefined {
  const value = outcome.output?.result.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return typeof value['status'] === 'string' && typeof value['cell_id'] === 'string' ? (value as ExecResult) : undefined;
}
