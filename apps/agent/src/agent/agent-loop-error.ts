import { ToolcellError } from '@toolcell/core';

/**
 * Why the agent loop stopped: `MAX_TURNS_EXCEEDED` (the model kept calling tools past
 * `maxTurns`; the same request would stop there again) or `MODEL_REQUEST_FAILED` (the
 * provider failed; a later attempt may get through).
 */
export type AgentLoopErrorCode = 'MAX_TURNS_EXCEEDED' | 'MODEL_REQUEST_FAILED';

/** Constructor options of {@link AgentLoopError}. */
export interface AgentLoopErrorOptions {
  readonly code: AgentLoopErrorCode;
  readonly message: string;
  readonly cause?: unknown;
}

/**
 * The agent loop could not finish: the model kept calling tools past `maxTurns`, or the
 * provider failed. The CLI exits with 1.
 */
export class AgentLoopError extends ToolcellError<AgentLoopErrorCode> {
  static override readonly brand: string = '@toolcell/agent/AgentLoopError';

  constructor(options: AgentLoopErrorOptions) {
    super({ code: options.code, message: options.message, retryable: options.code === 'MODEL_REQUEST_FAILED', cause: options.cause });
  }
}
