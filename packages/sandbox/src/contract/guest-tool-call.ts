import type { JsonValue } from '@toolcell/core';

/**
 * A tool call issued by the guest. `input` was validated in the guest: a plain JSON object
 * for a `function` binding, a string for a `freeform` one.
 */
export interface GuestToolCall {
  /** Sequence number of the call within its program (1, 2, …); unique per program. */
  readonly id: number;
  /** The binding called, as named under `tools`. */
  readonly jsName: string;
  /** The argument, as JSON data. */
  readonly input: JsonValue;
  /**
   * Set when the program had already ended before the call reached the host (it called
   * without awaiting and returned). The host must not run it; it is reported so that no
   * attempted call is invisible, and its answer is discarded.
   */
  readonly unawaited?: true;
}

/** A successful answer to a {@link GuestToolCall}: the guest's promise resolves with `value`. */
export interface GuestToolSuccess {
  /** Discriminant. */
  readonly ok: true;
  /** The typed result handed to the program. */
  readonly value: JsonValue;
}

/** Why a tool call failed, as the guest sees it. */
export interface GuestToolFailureDetail {
  /** A stable code (usually one of `CALL_ERROR_CODES`), set as `error.code` in the guest. */
  readonly code: string;
  /** What happened, set as `error.message` in the guest. */
  readonly message: string;
  /** The host's call id, set as `error.callId` in the guest. */
  readonly callId?: string;
}

/**
 * A failed answer to a {@link GuestToolCall}: the guest's promise rejects with an `Error`
 * (name `ToolError`) carrying `code`, `message` and `callId`.
 */
export interface GuestToolFailure {
  /** Discriminant. */
  readonly ok: false;
  /** The failure the guest's error describes. */
  readonly error: GuestToolFailureDetail;
}

/**
 * The host's answer to a call of a durable run that it decides later, maybe in another
 * process (a deferred approval): the call is parked. A program whose calls in flight are all
 * parked is suspended. In a run that is not durable, parking fails the call.
 */
export interface GuestToolParked {
  /** Discriminant. */
  readonly parked: true;
}

/** The host's answer to one {@link GuestToolCall}. */
export type GuestToolResponse = GuestToolSuccess | GuestToolFailure;
