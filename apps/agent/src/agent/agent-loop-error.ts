import { ToolcellError } from '@toolcell/core';

/** Constructor options of {@link AgentLoopError}. */
export interface AgentLoopErrorOptions {
  readonly message: string;
  readonly cause?: unknown;
}

/**
 * The agent loop could not finish: the model kept calling tools past `maxTurns`, or the
 * provider failed. The CLI exits with 1.
 */
export class AgentLoopError extends ToolcellError {
  override readonly name = 'AgentLoopError';

  constructor(options: AgentLoopErrorOptions) {
    super({ code: 'EXECUTION_FAILED', message: options.message, cause: options.cause });
  }
}
