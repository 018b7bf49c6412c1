import type { CallOutcome } from '@toolcell/core';
import type { CallStageEvent, DispatchRequest } from '@toolcell/executor';

/** The runtime events Code Mode listens to (a subset of `ToolRuntime.events`). */
export interface ToolExecutorEvents {
  /** Start listening to the policy stages of calls (approval requested, granted, denied…). */
  on(event: 'call-stage', listener: (event: CallStageEvent) => void): unknown;
  /** Stop listening; Code Mode calls it when it shuts down. */
  off(event: 'call-stage', listener: (event: CallStageEvent) => void): unknown;
}

/**
 * The part of `ToolRuntime` Code Mode needs: submit the calls of one guest turn together.
 * Typed structurally so tests and hosts can wrap a runtime.
 */
export interface ToolExecutor {
  /** Dispatch calls that arrived together; one outcome promise per request, in order. */
  dispatchBatch(requests: readonly DispatchRequest[]): Promise<CallOutcome>[];
  /**
   * The runtime's events, when it has them: a nested call waiting for approval wakes a
   * blocking `wait` and becomes a `cell-update` (reason `approval`).
   */
  readonly events?: ToolExecutorEvents;
}
