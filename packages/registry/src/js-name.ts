// Canonical tool names (`mcp__github__create_issue`, `read-file`, `2fa.check`) become
// property names a program can write as `tools.<jsName>(…)`.

const RESERVED_WORDS: ReadonlySet<string> = new Set([
  // ECMAScript reserved words and strict-mode / contextual keywords.
  'await', 'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default',
  'delete', 'do', 'else', 'enum', 'export', 'extends', 'false', 'finally', 'for', 'function',
  'if', 'implements', 'import', 'in', 'instanceof', 'interface', 'let', 'new', 'null',
  'package', 'private', 'protected', 'public', 'return', 'static', 'super', 'switch', 'this',
  'throw', 'true', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'arguments',
  'eval', 'undefined', 'NaN', 'Infinity',
  // Names that mean something on every object; a binding must never shadow them.
  '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty',
]);

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Whether `name` can be used as-is: an ASCII identifier that is not reserved. */
export function isPlainJsIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED_WORDS.has(name);
}

/**
 * Turn a canonical tool name into a JavaScript identifier: characters outside
 * `[A-Za-z0-9_$]` become `_`, a leading digit (or an empty name) gets a `_` prefix, and a
 * reserved word gets a `_` suffix. Idempotent: normalizing a normalized name changes nothing.
 *
 * @example
 * ```ts
 * normalizeJsName('mcp__github__create-issue'); // 'mcp__github__create_issue'
 * normalizeJsName('2fa.check');                 // '_2fa_check'
 * normalizeJsName('delete');                    // 'delete_'
 * ```
 */
export function normalizeJsName(name: string): string {
  let result = name.replace(/[^A-Za-z0-9_$]/g, '_');
  if (result === '' || /^[0-9]/.test(result)) result = `_${result}`;
  if (RESERVED_WORDS.has(result)) result = `${result}_`;
  return result;
}
