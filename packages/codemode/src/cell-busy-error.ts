import { ToolcellError } from '@toolcell/core';

/** Why an observation of a cell was refused (`CELL_BUSY`): another call observes it. */
export class CellBusyError extends ToolcellError<'CELL_BUSY'> {
  static override readonly brand: string = '@toolcell/codemode/CellBusyError';

  constructor(message: string) {
    super({ code: 'CELL_BUSY', message });
  }
}
