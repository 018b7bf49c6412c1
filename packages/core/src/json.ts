/** A value that survives `JSON.stringify` → `JSON.parse` unchanged. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;

/** A JSON object: string keys, JSON values. */
export interface JsonObject {
  [key: string]: JsonValue;
}

/** Where a value stops being JSON-safe, and why. */
export interface JsonSafetyViolation {
  /** JSON-pointer-like path to the offending value (`""` is the value itself). */
  readonly path: string;
  /** What is wrong there, phrased for a person or a model. */
  readonly reason: string;
}

/**
 * Find the first place where `value` is not plain JSON data (functions, symbols, bigints,
 * non-finite numbers, class instances, cycles, `undefined` inside arrays).
 *
 * @returns `undefined` when the value is JSON-safe.
 */
export function findJsonSafetyViolation(value: unknown): JsonSafetyViolation | undefined {
  return visit(value, '', new Set<object>());
}

function visit(value: unknown, path: string, ancestors: Set<object>): JsonSafetyViolation | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : { path, reason: `${String(value)} is not a JSON number` };
    case 'undefined':
      return { path, reason: 'undefined is not a JSON value' };
    case 'bigint':
      return { path, reason: 'a BigInt is not a JSON value' };
    case 'symbol':
      return { path, reason: 'a Symbol is not a JSON value' };
    case 'function':
      return { path, reason: 'a function is not a JSON value' };
  }
  if (value === null) return undefined;
  const object = value as object;
  if (ancestors.has(object)) return { path, reason: 'the value contains a cycle' };
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      for (let index = 0; index < object.length; index += 1) {
        const found = visit(object[index], `${path}/${index}`, ancestors);
        if (found) return found;
      }
      return undefined;
    }
    const prototype = Object.getPrototypeOf(object) as unknown;
    if (prototype !== Object.prototype && prototype !== null) {
      const name = (object as { constructor?: { name?: string } }).constructor?.name ?? 'object';
      return { path, reason: `a ${name} instance is not a plain JSON object` };
    }
    for (const [key, child] of Object.entries(object)) {
      // JSON.stringify drops undefined members; they are not a violation.
      if (child === undefined) continue;
      const found = visit(child, `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`, ancestors);
      if (found) return found;
    }
    return undefined;
  } finally {
    ancestors.delete(object);
  }
}
