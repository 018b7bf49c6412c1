import { CodeModeError } from './code-mode-error.js';

/** Why an observation of a cell was refused (`CELL_BUSY`): another call observes it. */
export class CellBusyError extends CodeModeError<'CELL_BUSY'> {
  static readonly className = 'CellBusyError';

  constructor(message: string) {
    super({ code: 'CELL_BUSY', message });
  }
}
