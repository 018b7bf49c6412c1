import { ToolcellError } from '@toolcell/core';

const MARKER = Symbol.for('toolcell.error.StoredValueError');

/** Why a `store(key, value)` was refused (`STORE_REFUSED`): the value is not JSON-safe. */
export class StoredValueError extends ToolcellError<'STORE_REFUSED'> {
  private readonly [MARKER] = true;
  override readonly name = '@toolcell/codemode/StoredValueError';

  constructor(message: string) {
    super({ code: 'STORE_REFUSED', message });
  }

  /** Whether `error` is a refused store, from this or any other copy of the package. */
  static override isInstance(error: unknown): error is StoredValueError {
    return ToolcellError.hasMarker(error, MARKER);
  }
}
