import { errorMessage } from '@toolcell/core';
import { MAX_JSON_DEPTH } from '../shared/json-depth.js';
import { utf8Length } from '../shared/utf8-length.js';

/** What {@link encodeJsonValue} made of a value. */
export type JsonEncoding =
  | { readonly ok: true; readonly json: string }
  | { readonly ok: false; readonly problem: 'not-json' | 'too-large'; readonly reason: string };

/** What one open array or object of the walk holds. */
interface Frame {
  readonly container: object;
  /** The object's keys; `undefined` for an array. */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  index: number;
  /** Whether a member was written (an object skips `undefined` members). */
  wrote: boolean;
  /** The key or index being written, for messages. */
  at: string;
}

const REASON_CHARS = 300;

/** A short, safe description of what a hostile value threw. */
export function describeThrown(error: unknown): string {
  const text = errorMessage(error);
  return text.length <= REASON_CHARS ? text : `${text.slice(0, REASON_CHARS)}…`;
}

function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function nameOf(value: object): string {
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? name.slice(0, 100) : 'object';
}

class NotJson extends Error {}
class TooLarge extends Error {}

/**
 * The JSON text of `value` if it is plain JSON data (plain objects and arrays, strings,
 * finite numbers, booleans, null; `undefined` members of objects are dropped, as
 * `JSON.stringify` does), at most {@link MAX_JSON_DEPTH} levels deep and `maxBytes` UTF-8
 * bytes long. The walk is iterative (a deep value cannot overflow the host's stack), reads
 * every property once (a getter cannot answer differently twice), and stops as soon as the
 * text is over `maxBytes` (a huge value is never serialized whole). Whatever the value
 * throws (getters, Proxy traps) is a `not-json` answer, never an exception.
 */
export function encodeJsonValue(value: unknown, maxBytes: number): JsonEncoding {
  let json = '';
  const stack: Frame[] = [];
  const open = new Set<object>();
  // UTF-8 bytes are counted only once the text could be over maxBytes (3 bytes per UTF-16 unit at most).
  let counting = false;
  let bytes = 0;
  const where = (): string => {
    if (stack.length === 0) return 'the value';
    const path = stack.map((frame) => frame.at).join('/');
    return `the member at /${path.length <= REASON_CHARS ? path : `…${path.slice(-REASON_CHARS)}`}`;
  };
  const emit = (text: string): void => {
    if (counting) {
      bytes += text.length > maxBytes ? text.length : utf8Length(text);
    } else if ((json.length + text.length) * 3 > maxBytes) {
      counting = true;
      bytes = utf8Length(json) + (text.length > maxBytes ? text.length : utf8Length(text));
    }
    if (bytes > maxBytes) throw new TooLarge();
    json += text;
  };
  const write = (item: unknown): void => {
    switch (typeof item) {
      case 'string':
        // Its JSON is at least as long as the string: refuse a huge one before escaping it.
        if (item.length > maxBytes) throw new TooLarge();
        emit(JSON.stringify(item));
        return;
      case 'boolean':
        emit(item ? 'true' : 'false');
        return;
      case 'number':
        if (!Number.isFinite(item)) throw new NotJson(`${where()} is ${String(item)}, which is not a JSON number`);
        emit(JSON.stringify(item));
        return;
      case 'object':
        break;
      default:
        throw new NotJson(`${where()} is ${typeof item === 'undefined' ? 'undefined' : `a ${typeof item}`}, which is not JSON data`);
    }
    if (item === null) {
      emit('null');
      return;
    }
    if (open.has(item)) throw new NotJson(`${where()} refers back to a value that contains it (a cycle)`);
    if (stack.length >= MAX_JSON_DEPTH) throw new NotJson(`it nests deeper than ${MAX_JSON_DEPTH} levels`);
    const isArray = Array.isArray(item);
    if (!isArray && !isPlainObject(item)) throw new NotJson(`${where()} is a ${nameOf(item)} instance, which is not plain JSON data`);
    const keys = isArray ? undefined : Object.keys(item);
    const length = isArray ? Number((item as unknown[]).length) : (keys as string[]).length;
    emit(isArray ? '[' : '{');
    open.add(item);
    stack.push({ container: item, keys, length, index: 0, wrote: false, at: '' });
  };
  try {
    write(value);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      if (frame.index >= frame.length) {
        emit(frame.keys === undefined ? ']' : '}');
        open.delete(frame.container);
        stack.pop();
        continue;
      }
      const index = frame.index;
      frame.index += 1;
      const key = frame.keys === undefined ? String(index) : (frame.keys[index] as string);
      frame.at = key;
      const member = (frame.container as Record<string, unknown>)[key];
      if (frame.keys !== undefined && member === undefined) continue;
      if (frame.wrote) emit(',');
      frame.wrote = true;
      if (frame.keys !== undefined) emit(`${JSON.stringify(key)}:`);
      write(member);
    }
    return { ok: true, json };
  } catch (error) {
    if (error instanceof TooLarge) return { ok: false, problem: 'too-large', reason: `it is over ${maxBytes} bytes of JSON` };
    if (error instanceof NotJson) return { ok: false, problem: 'not-json', reason: error.message };
    return { ok: false, problem: 'not-json', reason: `reading ${where()} threw (${describeThrown(error)})` };
  }
}
