/**
 * Outcome codes of a tool call (the table in packages/executor/README.md). Each has one meaning:
 * - `UNKNOWN_TOOL` — the name is not callable this way (for a name declared only through
 *   `exec`, the message names the route `exec` → `tools.<jsName>(…)`).
 * - `INVALID_ARGS` — arguments are not JSON-serializable, fail the input schema, or fail the
 *   tool's own check of its input (e.g. an empty `exec` program).
 * - `NOT_CALLABLE` — a nested call of a direct-control, hidden, collided or disallowed tool.
 * - `RECURSIVE_EXEC` — a program tried to call `exec` or `wait`.
 * - `DENIED` — a hook, guard or approval refused the call.
 * - `ABORTED_BEFORE_DISPATCH` — the signal was already aborted when the call arrived.
 * - `ABORTED` — the call was cancelled while running.
 * - `TIMEOUT` — the call ran past its tool's timeout.
 * - `EXECUTION_FAILED` — the tool threw; its message is kept.
 * - `OUTCOME_UNKNOWN` — a durable cell's approved call started, and the process running it
 *   stopped before its outcome was recorded; it was not run again (its tool is not idempotent).
 */
export const CALL_ERROR_CODES = [
  'UNKNOWN_TOOL',
  'INVALID_ARGS',
  'NOT_CALLABLE',
  'RECURSIVE_EXEC',
  'DENIED',
  'ABORTED_BEFORE_DISPATCH',
  'ABORTED',
  'TIMEOUT',
  'EXECUTION_FAILED',
  'OUTCOME_UNKNOWN',
] as const;

/**
 * Outcome codes specific to `exec`:
 * - `EXEC_SYNTAX` — the program does not parse.
 * - `EXEC_RUNTIME` — an uncaught error in the program.
 * - `EXEC_CPU_BUDGET` — the program used more guest CPU time than allowed.
 * - `EXEC_MEMORY` — the program exceeded its memory limit.
 * - `EXEC_STACK` — the program overflowed its stack.
 * - `EXEC_OUTPUT_LIMIT` — text, media or the return value exceeded its cap.
 * - `EXEC_SOURCE_LIMIT` — the program source is larger than allowed.
 * - `EXEC_CRASHED` — the sandbox process died.
 * - `EXEC_CANCELLED` — the `exec` call was cancelled.
 */
export const EXEC_ERROR_CODES = [
  'EXEC_SYNTAX',
  'EXEC_RUNTIME',
  'EXEC_CPU_BUDGET',
  'EXEC_MEMORY',
  'EXEC_STACK',
  'EXEC_OUTPUT_LIMIT',
  'EXEC_SOURCE_LIMIT',
  'EXEC_CRASHED',
  'EXEC_CANCELLED',
] as const;

/** A code a failed tool call can carry. */
export type CallErrorCode = (typeof CALL_ERROR_CODES)[number];

/** A code a failed `exec` can carry. */
export type ExecErrorCode = (typeof EXEC_ERROR_CODES)[number];

/** Every outcome code a tool call or `exec` can end with. */
export type ToolErrorCode = CallErrorCode | ExecErrorCode;

/**
 * Codes of errors thrown to the host (not outcomes): `INVALID_CONFIGURATION` for a
 * setting that cannot work, `PROTOCOL_ERROR` for a malformed sandbox frame.
 */
export const HOST_ERROR_CODES = ['INVALID_CONFIGURATION', 'PROTOCOL_ERROR'] as const;

/** One of {@link HOST_ERROR_CODES}. */
export type HostErrorCode = (typeof HOST_ERROR_CODES)[number];

/**
 * Codes of errors thrown to the host when a program's sealed snapshot is not suspended or
 * not resumed (the sandbox's `SnapshotError`). A refused snapshot is left as it was:
 * - `SNAPSHOT_BUILD_MISMATCH` — sealed by another QuickJS build, prelude or realm wiring.
 * - `SNAPSHOT_TAMPERED` — its MAC does not match (a changed byte, or another key).
 * - `SNAPSHOT_SCOPE_MISMATCH` — sealed for another scope, session or cell.
 * - `SNAPSHOT_EXPIRED` — past its expiry.
 * - `SNAPSHOT_TOO_LARGE` — over `maxSnapshotBytes`.
 * - `SNAPSHOT_MALFORMED` — not a sealed snapshot, truncated, or of an unknown format version.
 * - `SNAPSHOT_UNKNOWN_CALL` — an answer names a call that is not parked in it.
 */
export const SNAPSHOT_ERROR_CODES = [
  'SNAPSHOT_BUILD_MISMATCH',
  'SNAPSHOT_TAMPERED',
  'SNAPSHOT_SCOPE_MISMATCH',
  'SNAPSHOT_EXPIRED',
  'SNAPSHOT_TOO_LARGE',
  'SNAPSHOT_MALFORMED',
  'SNAPSHOT_UNKNOWN_CALL',
] as const;

/** One of {@link SNAPSHOT_ERROR_CODES}. */
export type SnapshotErrorCode = (typeof SNAPSHOT_ERROR_CODES)[number];

/** Every code a {@link ToolcellError} can carry. */
export type ToolcellErrorCode = ToolErrorCode | HostErrorCode | SnapshotErrorCode;

const ALL_CODES: ReadonlySet<string> = new Set([...CALL_ERROR_CODES, ...EXEC_ERROR_CODES, ...HOST_ERROR_CODES, ...SNAPSHOT_ERROR_CODES]);

/** Whether `value` is one of toolcell's error codes. */
export function isToolcellErrorCode(value: unknown): value is ToolcellErrorCode {
  return typeof value === 'string' && ALL_CODES.has(value);
}
