import type { CallOutcome } from '@toolcell/core';
import type { DispatchRequest } from '@toolcell/executor';

/**
 * The part of `ToolRuntime` Code Mode needs: submit the calls of one guest turn together.
 * Typed structurally so tests and hosts can wrap a runtime.
 */
export interface ToolExecutor {
  /** Dispatch calls that arrived together; one outcome promise per request, in order. */
  dispatchBatch(requests: readonly DispatchRequest[]): Promise<CallOutcome>[];
}
