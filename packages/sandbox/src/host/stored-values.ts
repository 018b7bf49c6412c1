import { ConfigurationError } from '@toolcell/core';
import type { SandboxCells } from '../contract/run-program-request.js';
import { encodeJsonValue } from './encode-json-value.js';

/**
 * The JSON of the cells snapshot, or `undefined` without cells.
 *
 * @throws ConfigurationError (`cells.storedValues`) when the snapshot is not a plain
 *   object whose values are JSON data at most `MAX_JSON_DEPTH` levels deep each (checked
 *   without recursion) — the bound `store()` enforces, so whatever a cell stored can be
 *   handed to the next one.
 */
export function storedValuesJson(cells: SandboxCells | undefined): string | undefined {
  if (cells === undefined) return undefined;
  const values: unknown = cells.storedValues ?? {};
  if (typeof values !== 'object' || values === null || Array.isArray(values) || !isPlain(values)) {
    throw new ConfigurationError({ setting: 'cells.storedValues', message: 'must be a plain object of JSON data (it is not an object)' });
  }
  const members: string[] = [];
  // Each value may nest as deeply as `store()` lets it; the snapshot object adds one level.
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const encoded = encodeJsonValue(value, Number.MAX_SAFE_INTEGER);
    if (!encoded.ok) {
      throw new ConfigurationError({ setting: 'cells.storedValues', message: `must be a plain object of JSON data (${located(encoded.reason, key)})` });
    }
    members.push(`${JSON.stringify(key)}:${encoded.json}`);
  }
  return `{${members.join(',')}}`;
}

/** Say where as a walk of the whole snapshot would: `the member at /<key>/…`. */
function located(reason: string, key: string): string {
  if (reason.startsWith('the value ')) return `the member at /${key} ${reason.slice('the value '.length)}`;
  if (reason.startsWith('the member at /')) return `the member at /${key}/${reason.slice('the member at /'.length)}`;
  return reason;
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}
