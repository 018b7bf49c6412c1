import { ConfigurationError } from '@toolcell/core';
import type { SandboxCells } from './run-program-request.js';

/**
 * The JSON of the cells snapshot, or `undefined` without cells.
 *
 * @throws ConfigurationError (`cells.storedValues`) when the snapshot is not JSON data.
 */
export function storedValuesJson(cells: SandboxCells | undefined): string | undefined {
  if (cells === undefined) return undefined;
  try {
    return JSON.stringify(cells.storedValues) ?? '{}';
  } catch (error) {
    throw new ConfigurationError({
      setting: 'cells.storedValues',
      message: `must be JSON data (${error instanceof Error ? error.message : String(error)})`,
      cause: error,
    });
  }
}
