import type { JsonValue } from '@toolcell/core';

/**
 * A tool's return value as the AI SDK sends it on: an async iterable (a streaming tool) is
 * drained to its last value, then the JSON round trip the SDK's serialisation makes (a
 * `Date` becomes its ISO string, `undefined` becomes `null` or is dropped from an object).
 */
export async function normalizeToolResult(value: unknown): Promise<JsonValue> {
  let last: unknown = value;
  if (isAsyncIterable(value)) {
    last = undefined;
    for await (const part of value) last = part;
  }
  if (last === undefined) return null;
  const text = JSON.stringify(last);
  return text === undefined ? null : (JSON.parse(text) as JsonValue);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}
