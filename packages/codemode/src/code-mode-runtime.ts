import type { CallOutcome } from '@toolcell/core';
import type { CallStageEvent, DispatchRequest } from '@toolcell/executor';

/** The runtime events Code Mode listens to (a subset of `ToolRuntime.events`). */
export interface CodeModeRuntimeEvents {
  /** Start listening to the policy stages of calls (approval requested, granted, denied…). */
  on(event: 'call-stage', listener: (event: CallStageEvent) => void): unknown;
  /** Stop listening; Code Mode calls it when it shuts down. */
  off(event: 'call-stage', listener: (event: CallStageEvent) => void): unknown;
}

/**
 * The part of `ToolRuntime` Code Mode needs, called the runtime all along the nested-call
 * route: submit the calls of one guest turn together. Typed structurally so tests and hosts
 * can wrap a runtime.
 */
export interface CodeModeRuntime {
  /** Dispatch calls that arrived together; one outcome promise per request, in order. */
  dispatchBatch(requests: readonly DispatchRequest[]): Promise<CallOutcome>[];
  /**
   * The runtime's events, when it has them: a nested call waiting for approval wakes a
   * blocking `wait` and becomes a `cell-update` (reason `approval`).
   */
  readonly events?: CodeModeRuntimeEvents;
}

/** @deprecated The former name of {@link CodeModeRuntime}. */
export type ToolExecutor = CodeModeRuntime;

/** @deprecated The former name of {@link CodeModeRuntimeEvents}. */
export type ToolExecutorEvents = CodeModeRuntimeEvents;
