// Small pieces of TypeScript syntax shared by the renderers: quoting, literals, comments.
import { LINE_BREAK } from './display-bounds.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A single-quoted string literal. Single quotes keep literals free of the `\"` escapes
 * they would need inside a JSON request body.
 */
export function quoteString(value: string): string {
  // C1 controls too: U+0085 is a line break to some readers.
  const escaped = value.replace(/[^\x20-\x7e\xa0-\uffff]|[\\'\u2028\u2029]/g, (character) => {
    switch (character) {
      case '\\':
        return '\\\\';
      case "'":
        return "\\'";
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
    }
  });
  return `'${escaped}'`;
}

/** A property name as written in a type literal: bare when it is an ASCII identifier, quoted otherwise. */
export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : quoteString(name);
}

/**
 * The literal type of a JSON value (`'a'`, `-1`, `null`, `{ a: 1 }`, `[1, 2]`), or
 * `undefined` when the value is not JSON.
 */
export function literalType(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quoteString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : undefined;
    case 'boolean':
      return String(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        const elements = value.map(literalType);
        return elements.every((element) => element !== undefined) ? `[${elements.join(', ')}]` : undefined;
      }
      const members: string[] = [];
      for (const [key, member] of Object.entries(value)) {
        const rendered = literalType(member);
        if (rendered === undefined) return undefined;
        members.push(`${propertyKey(key)}: ${rendered}`);
      }
      return members.length === 0 ? '{}' : `{ ${members.join('; ')} }`;
    }
    default:
      return undefined;
  }
}

/** Text that is safe inside a block comment (a `*` followed by `/` would close it). */
function escapeComment(text: string): string {
  return text.replaceAll('*/', '*\\/');
}

/** An inline block comment on one line, e.g. `/* format: uri *\/`. */
export function inlineComment(text: string): string {
  // Any line terminator (U+2028 included) would end the line, and `T[]` may not follow a line break.
  return `/* ${escapeComment(text.replace(/[\s\u0085]+/g, ' ').trim())} */`;
}

/** Lines of a comment body: anything a reader may take for a line break splits, trailing blanks go. */
function commentLines(text: string): string[] {
  const lines = text
    .trim()
    .split(LINE_BREAK)
    .map((line) => line.trimEnd());
  return lines.length === 1 && lines[0] === '' ? [] : lines;
}

/** Whether `text` fits a comment at the end of a line. */
export function isOneLine(text: string): boolean {
  return commentLines(text).length <= 1;
}

/** `// …` lines at `indent`, one per line of `text`, each ending in a newline; `''` for empty text. */
export function leadingComment(text: string, indent: string): string {
  return commentLines(text)
    .map((line) => (line === '' ? `${indent}//\n` : `${indent}// ${line}\n`))
    .join('');
}

/** ` // text` for the end of a line (`text` must be one line); `''` for empty text. */
export function trailingComment(text: string): string {
  const [line] = commentLines(text);
  return line === undefined ? '' : ` // ${line}`;
}

/** A JSON value as a short note (as a literal type when it has one), cut at `limit` characters. */
export function shortJson(value: unknown, limit = 60): string {
  const text = literalType(value) ?? JSON.stringify(value) ?? String(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
