import type { JsonObject, JsonValue } from '@toolcell/core';

/** Options of {@link previewApprovalArgs}. */
export interface ApprovalPreviewOptions {
  /** Characters of JSON shown of one ordinary value before it is shortened (default 120). */
  readonly maxValueChars?: number;
}

// Arguments that say *what* a call touches: shown whole, whatever their length. Decided
// by the key's name, since the program chooses both key order and value lengths.
const SECURITY_RELEVANT = /path|file|dir|folder|url|uri|href|host|domain|endpoint|command|cmd|script|shell|argv|cwd|target|dest|repo|branch|recipient|email|^to$/i;
const MAX_KEY_CHARS = 80;
// Nested keys searched for security-relevant leaves inside shortened values (bounded work).
const MAX_NESTED_VISITS = 10_000;

/** Whether an argument named `key` is shown in full in approval previews. */
export function isSecurityRelevantKey(key: string): boolean {
  return SECURITY_RELEVANT.test(key);
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/**
 * What an approval prompt shows of a call's arguments: every key, one per line, in the
 * order given, each value shortened on its own — except security-relevant ones (paths,
 * URLs, commands…), which are never cut, also where they sit inside a shortened value.
 * A freeform tool's raw string is shown whole.
 *
 * @example
 * previewApprovalArgs({ content: 'x'.repeat(5000), path: '/etc/passwd' })
 * // → 'content: "xxxx…" (5002 characters)\npath: "/etc/passwd"'
 */
export function previewApprovalArgs(args: JsonObject | string, options: ApprovalPreviewOptions = {}): string {
  if (typeof args === 'string') return args;
  const max = options.maxValueChars ?? 120;
  const lines: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (value === undefined) continue;
    const json = JSON.stringify(value);
    const name = shorten(key, MAX_KEY_CHARS);
    if (isSecurityRelevantKey(key) || json.length <= max) {
      lines.push(`${name}: ${json}`);
      continue;
    }
    lines.push(`${name}: ${shorten(json, max)}`);
    for (const [path, leaf] of securityLeaves(value)) lines.push(`${name}${path}: ${JSON.stringify(leaf)}`);
  }
  return lines.length === 0 ? '(no arguments)' : lines.join('\n');
}

/** Security-relevant members nested in `value` (iterative, bounded), as `.a[0].path` paths. */
function securityLeaves(value: JsonValue): Array<[string, JsonValue]> {
  const found: Array<[string, JsonValue]> = [];
  // [path, key (objects' members only), value], popped in document order.
  const stack: Array<[string, string | undefined, JsonValue]> = [['', undefined, value]];
  for (let visits = 0; stack.length > 0 && visits < MAX_NESTED_VISITS; visits += 1) {
    const [path, key, current] = stack.pop() as [string, string | undefined, JsonValue];
    if (current === null || typeof current !== 'object') {
      if (key !== undefined && isSecurityRelevantKey(key)) found.push([path, current]);
      continue;
    }
    const members: Array<[string, string | undefined, JsonValue]> = Array.isArray(current)
      ? current.map((item, index) => [`${path}[${index}]`, undefined, item])
      : Object.entries(current).map(([name, item]) => [`${path}.${shorten(name, MAX_KEY_CHARS)}`, name, item]);
    for (let index = members.length - 1; index >= 0; index -= 1) stack.push(members[index] as [string, string | undefined, JsonValue]);
  }
  return found;
}
