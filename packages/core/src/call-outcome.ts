import type { ToolErrorCode } from './error-codes.js';
import type { JsonValue } from './json.js';
import type { ToolOutput } from './tool-output.js';
import { toolOutput } from './tool-output.js';

/** A call that ran and succeeded. */
export interface CallOutcomeOk {
  /** The call ran and its tool returned an output. */
  readonly status: 'ok';
  /** The id the call was dispatched with. */
  readonly callId: string;
  /** The canonical tool name (or the name as asked, if it never resolved). */
  readonly toolName: string;
  /**
   * What the tool produced: `output.result.value` is the typed result a host or program
   * reads (for `exec`: an `ExecResult`), `output.wire` what the model reads (after the
   * output budget).
   */
  readonly output: ToolOutput;
  /** Extra context for the model added by post-execute hooks; reaches the model once. */
  readonly modelContext?: readonly string[];
}

/** A call that failed, was refused or was cancelled. */
export interface CallOutcomeError {
  /** The call did not produce a tool output. */
  readonly status: 'error';
  /** The id the call was dispatched with. */
  readonly callId: string;
  /** The canonical tool name (or the name as asked, if it never resolved). */
  readonly toolName: string;
  /** Why: one of the outcome codes (`UNKNOWN_TOOL`, `INVALID_ARGS`, `DENIED`, …). */
  readonly code: ToolErrorCode;
  /** What happened and what to do next. */
  readonly message: string;
  /** The error as the model reads it (wire) and as a program reads it (typed). */
  readonly output: ToolOutput;
  /** Extra context for the model added by post-execute hooks; reaches the model once. */
  readonly modelContext?: readonly string[];
}

/** How a tool call ended. Dispatch resolves to one; it never throws for a tool's failure. */
export type CallOutcome = CallOutcomeOk | CallOutcomeError;

/** The typed projection of a failed call: `{ error: { code, message } }`. */
export interface ErrorResultValue {
  readonly error: { readonly code: ToolErrorCode; readonly message: string };
  readonly [key: string]: JsonValue;
}

/** Build an error outcome whose wire text is `<CODE>: <message>`. */
export function errorOutcome(options: {
  readonly callId: string;
  readonly toolName: string;
  readonly code: ToolErrorCode;
  readonly message: string;
}): CallOutcomeError {
  const { callId, toolName, code, message } = options;
  return {
    status: 'error',
    callId,
    toolName,
    code,
    message,
    output: toolOutput({ result: { error: { code, message } }, wire: `${code}: ${message}` }),
  };
}
