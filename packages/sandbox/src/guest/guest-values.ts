import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';
import type { MediaOutputType } from '../contract/output-item.js';
import { guestError } from './guest-error.js';

// Reading guest values from the host side, for messages and for the media helpers.

/** How a message names a value: `null`, `an array`, `an object`, `a Date instance`, `a bigint`… */
export function describeValue(context: QuickJSContext, value: QuickJSHandle | undefined, isArray: boolean, isPlain: boolean): string {
  const type = value === undefined ? 'undefined' : context.typeof(value);
  if (value === undefined || type === 'undefined') return 'undefined';
  if (type !== 'object') return `a ${type}`;
  if (context.sameValue(value, context.null)) return 'null';
  if (isArray) return 'an array';
  if (isPlain) return 'an object';
  let name = 'object';
  try {
    const constructor = context.getProp(value, 'constructor');
    const constructorName = context.getProp(constructor, 'name');
    if (context.typeof(constructorName) === 'string') name = context.getString(constructorName);
    constructorName.dispose();
    constructor.dispose();
  } catch {
    // A getter that throws: the generic name will do.
  }
  return `a ${name} instance`;
}

const MEDIA_USAGE = '() takes a "data:<mime type>;base64,<data>" URL or { mimeType, data } with base64 data';

/** The MIME type and base64 data of `image(v)`/`audio(v)`/`generatedImage(v)`, or a TypeError. */
export function readMedia(
  context: QuickJSContext,
  type: MediaOutputType,
  value: QuickJSHandle | undefined,
  readString: (handle: QuickJSHandle) => string,
): { mimeType: string; data: string } {
  const valueType = value === undefined ? 'undefined' : context.typeof(value);
  if (value !== undefined && valueType === 'string') {
    const url = readString(value);
    const comma = url.indexOf(',');
    const header = comma < 0 ? '' : url.slice(0, comma);
    if (!header.startsWith('data:') || !header.endsWith(';base64')) throw guestError('TypeError', `${type}${MEDIA_USAGE}`);
    return { mimeType: header.slice(5, -7), data: url.slice(comma + 1) };
  }
  if (value !== undefined && valueType === 'object' && !context.sameValue(value, context.null)) {
    const read = (name: string): string | undefined => {
      const property = context.getProp(value, name);
      try {
        return context.typeof(property) === 'string' ? readString(property) : undefined;
      } finally {
        property.dispose();
      }
    };
    const mimeType = read('mimeType');
    const data = read('data');
    if (mimeType !== undefined && data !== undefined) return { mimeType, data };
  }
  const got = value !== undefined && valueType === 'object' && context.sameValue(value, context.null) ? 'null' : valueType;
  throw guestError('TypeError', `${type}${MEDIA_USAGE}, got ${got === 'object' ? 'an object without them' : got === 'undefined' || got === 'null' ? got : `a ${got}`}`);
}
