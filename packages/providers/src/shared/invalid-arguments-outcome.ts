import { errorOutcome } from '@toolcell/core';
import type { CallOutcomeError, ToolCallRequest } from '@toolcell/core';

/**
 * The `INVALID_ARGS` outcome of a call whose arguments could not be read (the request
 * carries `argumentsError`); `undefined` for a call that can be dispatched. Ending such a
 * call here keeps the rest of the turn going.
 *
 * @example
 * ```ts
 * const outcome = invalidArgumentsOutcome(request) ?? (await runtime.dispatch(request));
 * ```
 */
export function invalidArgumentsOutcome(request: ToolCallRequest): CallOutcomeError | undefined {
  if (request.argumentsError === undefined) return undefined;
  return errorOutcome({
    callId: request.callId,
    toolName: request.name,
    code: 'INVALID_ARGS',
    message: request.argumentsError,
  });
}
