import { ToolcellError } from '@toolcell/core';

const MARKER = Symbol.for('toolcell.error.ObservationCancelledError');

/**
 * The observation's call was cancelled (`OBSERVATION_CANCELLED`); the cell keeps
 * everything for the next one, so observing again may succeed.
 */
export class ObservationCancelledError extends ToolcellError<'OBSERVATION_CANCELLED'> {
  private readonly [MARKER] = true;
  override readonly name = '@toolcell/codemode/ObservationCancelledError';

  constructor(message: string) {
    super({ code: 'OBSERVATION_CANCELLED', message, retryable: true });
  }

  /** Whether `error` is a cancelled observation, from this or any other copy of the package. */
  static override isInstance(error: unknown): error is ObservationCancelledError {
    return ToolcellError.hasMarker(error, MARKER);
  }
}
