import type { CallOutcome, CallSource, ToolErrorCode, ToolMode } from '@toolcell/core';
import type { ExecutionResolution } from '@toolcell/registry';

/** Fields every call event carries. */
export interface CallEventBase {
  /** The call id. */
  readonly callId: string;
  /** The canonical tool name (the name as asked when it resolved to no tool). */
  readonly toolName: string;
  /** Who initiated the call. */
  readonly source: CallSource;
  /** The scope the call runs in. */
  readonly scopeId: string;
  /** For nested calls: the `exec` call that issued it. */
  readonly parentCallId: string | undefined;
  /** When the event happened, in epoch milliseconds with sub-millisecond precision. */
  readonly at: number;
}

/** A call was submitted (before it is resolved). */
export type CallStartEvent = CallEventBase;

/** Which scheduling a call gets in its batch. */
export type ExecutionMode = 'parallel' | 'exclusive';

/** The registry resolved the call (at submission, every time). */
export interface CallResolveEvent extends CallEventBase {
  /** What the registry decided for this name, scope and nesting. */
  readonly resolution: ExecutionResolution['type'];
  /** `parallel` only for read-only tools that may run; everything else fails closed. */
  readonly executionMode: ExecutionMode;
  /** The scope's mode (as resolved when the scope was created). */
  readonly mode: ToolMode;
  /** Whether the resolved tool declares itself read-only (false when it resolved to none). */
  readonly readOnly: boolean;
  /** The arguments as submitted (the same reference; never copy or change it). */
  readonly args: unknown;
}

/** The pipeline stage that refused a call. */
export type DenialStage = 'resolve' | 'validate' | 'pre-execute' | 'guard' | 'approval';

/**
 * A policy stage a call passed through: `validated` once, `pre-execute`, `guard` and
 * `post-execute` once per listener, `approval-requested` then `approval` around the
 * approval handler, `output-truncated` when the output budget cut the wire text.
 */
export type PolicyStage = 'validated' | 'pre-execute' | 'guard' | 'approval-requested' | 'approval' | 'post-execute' | 'output-truncated';

/**
 * What a stage decided (`defer`: the approval handler parked the call, see `ApprovalDecision`; `failed`: the listener, guard or handler threw; `timeout`: it did
 * not settle within the call's timeout, or the approval wait's, and the call ends `TIMEOUT`).
 */
export type PolicyStageResult = 'pass' | 'allow' | 'rewrite' | 'deny' | 'approve' | 'defer' | 'keep' | 'replace' | 'failed' | 'timeout';

/** A call went through a policy stage (emitted only while someone listens). */
export interface CallStageEvent extends CallEventBase {
  readonly stage: PolicyStage;
  /** The decision; undefined for `approval-requested` and `output-truncated`. */
  readonly result: PolicyStageResult | undefined;
  /** For `approval`: how long the handler took to decide, in milliseconds. */
  readonly waitMs: number | undefined;
  /** For `output-truncated`: the budget in characters. */
  readonly budget: number | undefined;
}

/** A call was refused before its tool ran. */
export interface CallDeniedEvent extends CallEventBase {
  /** The stage that refused it. */
  readonly stage: DenialStage;
  /** The outcome code (`UNKNOWN_TOOL`, `INVALID_ARGS`, `NOT_CALLABLE`, `RECURSIVE_EXEC`, `DENIED`…). */
  readonly code: ToolErrorCode;
  /** The outcome message. */
  readonly message: string;
}

/** A call ended; emitted exactly once per call, after `call-denied` if there was one. */
export interface CallEndEvent extends CallEventBase {
  /** How the call ended. */
  readonly status: 'ok' | 'error';
  /** The error code, for a call that did not succeed. */
  readonly code: ToolErrorCode | undefined;
  /** The error message, for a call that did not succeed. */
  readonly message: string | undefined;
  /** When the call was submitted (epoch ms); equals `at` minus `durationMs`. */
  readonly startedAt: number;
  /** Submission to end. */
  readonly durationMs: number;
  /** Time spent waiting for its turn in the batch. */
  readonly waitMs: number;
  /** Time inside the tool's `execute`, when it got that far. */
  readonly executeMs: number | undefined;
  /** The outcome the call resolves to (the same reference; never change it). */
  readonly outcome: CallOutcome;
}

/**
 * Events of {@link ToolRuntime.events} (eventemitter3 signatures). Order per call:
 * `call-start`, `call-resolve`, `call-stage` per policy stage passed, then `call-denied`
 * if refused, then `call-end`.
 * Payloads are built only when someone listens. Timings are measured for calls submitted
 * while a `call-end` listener is attached (otherwise they read 0).
 */
export interface ToolRuntimeEvents {
  /** A call was submitted. */
  'call-start': (event: CallStartEvent) => void;
  /** The registry resolved it. */
  'call-resolve': (event: CallResolveEvent) => void;
  /** It went through a policy stage. */
  'call-stage': (event: CallStageEvent) => void;
  /** It was refused before its tool ran. */
  'call-denied': (event: CallDeniedEvent) => void;
  /** It ended (always, once). */
  'call-end': (event: CallEndEvent) => void;
}
