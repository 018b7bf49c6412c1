import { ToolcellError } from '@toolcell/core';

const MARKER = Symbol.for('toolcell.error.CellBusyError');

/** Why an observation of a cell was refused (`CELL_BUSY`): another call observes it. */
export class CellBusyError extends ToolcellError<'CELL_BUSY'> {
  private readonly [MARKER] = true;
  override readonly name = '@toolcell/codemode/CellBusyError';

  constructor(message: string) {
    super({ code: 'CELL_BUSY', message });
  }

  /** Whether `error` is a busy-cell refusal, from this or any other copy of the package. */
  static override isInstance(error: unknown): error is CellBusyError {
    return ToolcellError.hasMarker(error, MARKER);
  }
}
