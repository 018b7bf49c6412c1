import { ConfigurationError } from '@toolcell/core';
import { encodeJsonValue } from './encode-json-value.js';
import type { SandboxCells } from './run-program-request.js';

/**
 * The JSON of the cells snapshot, or `undefined` without cells.
 *
 * @throws ConfigurationError (`cells.storedValues`) when the snapshot is not a plain
 *   object of JSON data at most `MAX_JSON_DEPTH` levels deep (checked without recursion).
 */
export function storedValuesJson(cells: SandboxCells | undefined): string | undefined {
  if (cells === undefined) return undefined;
  const encoded = encodeJsonValue(cells.storedValues ?? {}, Number.MAX_SAFE_INTEGER);
  if (encoded.ok && encoded.json.startsWith('{')) return encoded.json;
  throw new ConfigurationError({
    setting: 'cells.storedValues',
    message: `must be a plain object of JSON data (${encoded.ok ? 'it is not an object' : encoded.reason})`,
  });
}
