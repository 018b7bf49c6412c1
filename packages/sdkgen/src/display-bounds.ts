// How much of one tool's metadata the model is shown. Every piece of a tool's text is cut
// at a bound, with a marker that says so, so no tool can grow what is sent with every
// request (a 1 MB description made the exec description 1 MB). The README lists them.
import { formatCount } from './exec-limits.js';

/** A tool's description or guidance: characters shown. */
export const MAX_DESCRIPTION_CHARS = 4_000;
/** A description inside a schema (a property's, an alternative's): characters shown. */
export const MAX_SCHEMA_DESCRIPTION_CHARS = 1_000;
/** The notes of one schema node (bounds, pattern, format…) together: characters shown. */
export const MAX_NOTES_CHARS = 500;
/** A tool's name, where prose names it: characters shown. */
export const MAX_NAME_CHARS = 128;
/** One literal type (an `enum` value, a `const`): longer ones are not shown as literals. */
export const MAX_LITERAL_CHARS = 200;
/** Properties shown per object type. */
export const MAX_PROPERTIES = 100;
/** `enum` values, or `oneOf` / `anyOf` alternatives, shown per union. */
export const MAX_ALTERNATIVES = 50;
/** One tool's whole block: description, signature and aliases. */
export const MAX_TOOL_CHARS = 16_000;
/** One JSON Schema printed in a `tool_search` result. */
export const MAX_SCHEMA_JSON_CHARS = 8_000;

/** Every character that may start a new line for some reader, `\r\n` as one. */
export const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/;

/** `text` cut at `max` characters (never inside a surrogate pair), with a marker when cut. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = text.charCodeAt(max - 1) >= 0xd800 && text.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}… [cut: ${formatCount(text.length - end)} more characters]`;
}

// Control characters, line and paragraph separators, and the backtick that closes the quote.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029`\\]/g;

/**
 * A tool's name as text shows it: line breaks and other control characters escaped (`\n`,
 * `\u2028`), backticks too, cut at {@link MAX_NAME_CHARS}. Whatever the name holds, it
 * stays on one line.
 */
export function escapedName(name: string): string {
  const escaped = name.replace(UNSAFE_IN_NAME, (character) =>
    character === '\n' ? '\\n' : character === '\\' ? '\\\\' : `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return cutText(escaped, MAX_NAME_CHARS);
}

/** {@link escapedName} in backticks: the form prose names a tool in. */
export const quotedName = (name: string): string => `\`${escapedName(name)}\``;
