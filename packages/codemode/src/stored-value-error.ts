import { ToolcellError } from '@toolcell/core';

/** Why a `store(key, value)` was refused (`STORE_REFUSED`): the value is not JSON-safe. */
export class StoredValueError extends ToolcellError<'STORE_REFUSED'> {
  static override readonly brand: string = '@toolcell/codemode/StoredValueError';

  constructor(message: string) {
    super({ code: 'STORE_REFUSED', message });
  }
}
