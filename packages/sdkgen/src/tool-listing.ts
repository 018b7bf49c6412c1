import type { Binding, JsNameCollision } from '@toolcell/registry';
import type { BindingSignatureOptions } from './binding-signature.js';
import { renderBindingDeclaration } from './binding-signature.js';
import { MAX_DESCRIPTION_CHARS, MAX_TOOL_CHARS, cutText, escapedName, quotedName } from './display-bounds.js';
import { formatCount } from './exec-limits.js';
import { leadingComment } from './type-syntax.js';

/**
 * `text` cut to {@link MAX_TOOL_CHARS}, at a line break when one is near, with a comment
 * line that says so. Cutting never starts a line: each line of a block is one the
 * renderer wrote.
 */
export function boundedBlock(text: string): string {
  if (text.length <= MAX_TOOL_CHARS) return text;
  const lineEnd = text.lastIndexOf('\n', MAX_TOOL_CHARS);
  let end = lineEnd > MAX_TOOL_CHARS / 2 ? lineEnd : MAX_TOOL_CHARS;
  const highSurrogate = text.charCodeAt(end - 1) >= 0xd800 && text.charCodeAt(end - 1) <= 0xdbff;
  if (end !== lineEnd && highSurrogate) end -= 1;
  const kept = end === lineEnd ? text.slice(0, end) : `${text.slice(0, end)}…`;
  return `${kept}\n// [cut: ${formatCount(text.length - end)} more characters of this tool's signature; the JSON Schema is authoritative]`;
}

/** A tool's description as `//` lines: cut at its bound, every line commented, the name escaped. */
export function descriptionComment(binding: Binding): string {
  const description = cutText(binding.tool.description.trim(), MAX_DESCRIPTION_CHARS);
  const named = binding.canonicalName === binding.jsName ? description : `${escapedName(binding.canonicalName)}: ${description}`;
  return leadingComment(named, '');
}

/**
 * Bindings as documented in the `exec` description: one `declare namespace tools { … }`
 * in which each binding is its description as `//` lines, then its function declaration
 * and aliases, within a bound. Aliases share the namespace, so a later binding's alias
 * never takes a name an earlier one took (`Node2`). Metadata only ever fills `//` lines:
 * no tool can close the namespace or start another tool's declaration.
 */
export function toolsDeclaration(bindings: readonly Binding[], options: BindingSignatureOptions): string {
  const taken: string[] = [];
  const blocks = bindings.map((binding) => {
    const declaration = renderBindingDeclaration(binding, options, taken);
    taken.push(...declaration.aliasNames);
    return boundedBlock(`${descriptionComment(binding)}${declaration.text}`);
  });
  return ['declare namespace tools {', ...blocks, '}'].join('\n');
}

const REASONS: Record<JsNameCollision['reason'], string> = {
  'exact-match': 'exact match',
  lexicographic: 'first by name',
};

/** Names left out of `tools` because they normalize to a JS name another tool holds; each name escaped onto its line. */
export function collisionSection(collisions: readonly JsNameCollision[]): string {
  const lines = collisions.map(
    (collision) =>
      `- ${collision.losers.map(quotedName).join(', ')}: JS name ${quotedName(collision.jsName)} belongs to ${quotedName(collision.winner)} (${REASONS[collision.reason]})`,
  );
  return ['Omitted (their JS names collide; not callable from programs):', ...lines].join('\n');
}
