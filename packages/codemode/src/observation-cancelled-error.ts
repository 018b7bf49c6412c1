import { ToolcellError } from '@toolcell/core';

/**
 * The observation's call was cancelled (`OBSERVATION_CANCELLED`); the cell keeps
 * everything for the next one, so observing again may succeed.
 */
export class ObservationCancelledError extends ToolcellError<'OBSERVATION_CANCELLED'> {
  static override readonly brand: string = '@toolcell/codemode/ObservationCancelledError';

  constructor(message: string) {
    super({ code: 'OBSERVATION_CANCELLED', message, retryable: true });
  }
}
