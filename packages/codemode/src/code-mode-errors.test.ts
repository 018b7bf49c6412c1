import { ConfigurationError, ToolFailure, ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { CellBusyError } from './cell-busy-error.js';
import { ObservationCancelledError } from './observation-cancelled-error.js';
import { StoredValueError } from './stored-value-error.js';

describe("codemode's errors", () => {
  const cases = [
    { type: CellBusyError, error: new CellBusyError('busy'), name: '@toolcell/codemode/CellBusyError', code: 'CELL_BUSY', retryable: false },
    { type: ObservationCancelledError, error: new ObservationCancelledError('cancelled'), name: '@toolcell/codemode/ObservationCancelledError', code: 'OBSERVATION_CANCELLED', retryable: true },
    { type: StoredValueError, error: new StoredValueError('not JSON-safe'), name: '@toolcell/codemode/StoredValueError', code: 'STORE_REFUSED', retryable: false },
  ] as const;

  it.each(cases)('$name is a toolcell error with its own code and brand', ({ type, error, name, code, retryable }) => {
    expect(error).toMatchObject({ name, code, retryable });
    expect(ToolcellError.isInstance(error)).toBe(true);
    expect(ToolFailure.isInstance(error)).toBe(false);
    expect(ConfigurationError.isInstance(error)).toBe(false);
    for (const other of cases) expect(type.isInstance(other.error)).toBe(other.type === type);
    const copy = Object.assign(new Error('x'), { [Symbol.for('toolcell.error')]: [name, '@toolcell/core/ToolcellError'] });
    expect(type.isInstance(copy)).toBe(true);
  });
});
