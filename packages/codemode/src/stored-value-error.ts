import { CodeModeError } from './code-mode-error.js';

/** Why a `store(key, value)` was refused (`STORE_REFUSED`): the value is not JSON-safe. */
export class StoredValueError extends CodeModeError<'STORE_REFUSED'> {
  static readonly className = 'StoredValueError';

  constructor(message: string) {
    super({ code: 'STORE_REFUSED', message });
  }
}
