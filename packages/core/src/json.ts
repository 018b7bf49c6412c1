import { errorMessage } from './error-message.js';

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
 * How deeply arrays and objects may nest in data that crosses the host (tool arguments,
 * tool results, stored values). Deeper data is refused with a typed error instead of
 * overflowing a recursive `JSON.stringify`, `structuredClone` or schema check on the host;
 * QuickJS parses about 960 levels with its smallest stack, so every guest can take it.
 */
export const MAX_JSON_DEPTH = 512;

/** Options of {@link findJsonSafetyViolation}. */
export interface JsonSafetyOptions {
  /** Deepest nesting of arrays and objects accepted (default {@link MAX_JSON_DEPTH}). */
  readonly maxDepth?: number;
}

// One value still to check; its path is built only when it is reported.
class Visit {
  constructor(
    readonly value: unknown,
    readonly parent: Visit | undefined,
    readonly key: string,
    readonly depth: number,
  ) {}
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let node: Visit | undefined = visit; node?.parent !== undefined; node = node.parent) keys.push(node.key);
  return keys.reverse().map((key) => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

// Marks the end of an object's subtree, so only its ancestors count for cycles.
class Leave {
  constructor(readonly object: object) {}
}

/**
 * Find the first place where `value` is not plain JSON data (functions, symbols, bigints,
 * non-finite numbers, class instances, cycles, `undefined` inside arrays, nesting deeper
 * than `maxDepth`, getters or Proxy traps that throw). Iterative: deep input cannot
 * overflow the stack, and the check itself never throws.
 *
 * @returns `undefined` when the value is JSON-safe.
 */
export function findJsonSafetyViolation(value: unknown, options: JsonSafetyOptions = {}): JsonSafetyViolation | undefined {
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH;
  if (isSmallPlainJson(value, Math.min(maxDepth, QUICK_DEPTH))) return undefined;
  const ancestors = new Set<object>();
  const stack: Array<Visit | Leave> = [new Visit(value, undefined, '', 0)];
  while (stack.length > 0) {
    const next = stack.pop() as Visit | Leave;
    if (next instanceof Leave) {
      ancestors.delete(next.object);
      continue;
    }
    const reason = primitiveViolation(next.value);
    if (reason !== undefined) return { path: pathOf(next), reason };
    if (next.value === null || typeof next.value !== 'object') continue;
    const object = next.value;
    if (ancestors.has(object)) return { path: pathOf(next), reason: 'the value contains a cycle' };
    if (next.depth >= maxDepth) return { path: pathOf(next), reason: `the value is nested deeper than ${maxDepth} levels` };
    let children: Array<[string, unknown]>;
    try {
      const found = childrenOf(object);
      if (typeof found === 'string') return { path: pathOf(next), reason: found };
      children = found;
    } catch (error) {
      // A throwing getter or Proxy trap: the value cannot be read as data.
      return { path: pathOf(next), reason: `reading it threw (${errorMessage(error)})` };
    }
    ancestors.add(object);
    stack.push(new Leave(object));
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const [key, child] = children[index] as [string, unknown];
      stack.push(new Visit(child, next, key, next.depth + 1));
    }
  }
  return undefined;
}

// Most values that cross the host (a call's arguments, a tool's result) are small plain
// data. A recursive pre-check that allocates nothing says "safe" for those; anything else
// (a violation, a throwing getter or trap, more than QUICK_NODES arrays and objects or QUICK_DEPTH
// levels, so a cycle too) is left to the full walk, which finds and describes it.
const QUICK_NODES = 256;
const QUICK_DEPTH = 32;
let quickBudget = 0;

function isSmallPlainJson(value: unknown, maxDepth: number): boolean {
  quickBudget = QUICK_NODES;
  try {
    return quickSafe(value, 0, maxDepth);
  } catch {
    return false;
  }
}

function quickSafe(value: unknown, depth: number, maxDepth: number): boolean {
  if (value === null || typeof value !== 'object') return primitiveViolation(value) === undefined;
  if (depth >= maxDepth || (quickBudget -= 1) < 0) return false;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      if (item === undefined || !quickSafe(item, depth + 1, maxDepth)) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    // JSON.stringify drops undefined members, as the full walk does.
    if (member !== undefined && !quickSafe(member, depth + 1, maxDepth)) return false;
  }
  return true;
}

function primitiveViolation(value: unknown): string | undefined {
  switch (typeof value) {
    case 'number':
      return Number.isFinite(value) ? undefined : `${String(value)} is not a JSON number`;
    case 'undefined':
      return 'undefined is not a JSON value';
    case 'bigint':
      return 'a BigInt is not a JSON value';
    case 'symbol':
      return 'a Symbol is not a JSON value';
    case 'function':
      return 'a function is not a JSON value';
    default:
      return undefined;
  }
}

/** The members of an array or plain object, or why it is not one. */
function childrenOf(object: object): Array<[string, unknown]> | string {
  if (Array.isArray(object)) {
    const children: Array<[string, unknown]> = [];
    for (let index = 0; index < object.length; index += 1) children.push([String(index), object[index]]);
    return children;
  }
  const prototype = Object.getPrototypeOf(object) as unknown;
  if (prototype !== Object.prototype && prototype !== null) {
    const name = (object as { constructor?: { name?: unknown } }).constructor?.name;
    return `a ${typeof name === 'string' && name !== '' ? name : 'object'} instance is not a plain JSON object`;
  }
  // JSON.stringify drops undefined members; they are not a violation.
  return Object.entries(object).filter(([, child]) => child !== undefined);
}

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`: one linear scan, no
 * parsing, for checking text before a recursive parser or serializer sees it.
 */
export function jsonTextNestsDeeperThan(json: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const code = json.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    }
  }
  return false;
}
