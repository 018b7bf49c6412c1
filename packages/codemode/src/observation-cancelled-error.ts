import { CodeModeError } from './code-mode-error.js';

/**
 * The observation's call was cancelled (`OBSERVATION_CANCELLED`); the cell keeps
 * everything for the next one, so observing again may succeed.
 */
export class ObservationCancelledError extends CodeModeError<'OBSERVATION_CANCELLED'> {
  static readonly className = 'ObservationCancelledError';

  constructor(message: string) {
    super({ code: 'OBSERVATION_CANCELLED', message, retryable: true });
  }
}
