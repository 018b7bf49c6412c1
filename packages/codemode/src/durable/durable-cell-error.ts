import { ToolcellError } from '@toolcell/core';

/** Codes of {@link DurableCellError}: the cell is not in the store, or it expired. */
export type DurableCellErrorCode = 'DURABLE_CELL_UNKNOWN' | 'DURABLE_CELL_EXPIRED';

/** A durable cell that cannot be resumed: unknown (never suspended, or swept) or expired. */
export class DurableCellError extends ToolcellError<DurableCellErrorCode> {
  static override readonly brand: string = '@toolcell/codemode/DurableCellError';

  constructor(options: { readonly code: DurableCellErrorCode; readonly message: string }) {
    super(options);
  }
}
