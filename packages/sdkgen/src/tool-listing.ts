import type { Binding, JsNameCollision } from '@toolcell/registry';
import type { BindingSignatureOptions } from './binding-signature.js';
import { renderBindingSignature } from './binding-signature.js';
import { leadingComment } from './type-syntax.js';

/** One binding as documented in the `exec` description: its description as `//` lines, then its signature. */
export function bindingBlock(binding: Binding, options: BindingSignatureOptions): string {
  const description = binding.tool.description.trim();
  const named = binding.canonicalName === binding.jsName ? description : `${binding.canonicalName}: ${description}`;
  return `${leadingComment(named, '')}${renderBindingSignature(binding, options)}`;
}

const REASONS: Record<JsNameCollision['reason'], string> = {
  'exact-match': 'exact match',
  lexicographic: 'first by name',
};

/** Names left out of `tools` because they normalize to a JS name another tool holds. */
export function collisionSection(collisions: readonly JsNameCollision[]): string {
  const lines = collisions.map(
    (collision) =>
      `- ${collision.losers.map((name) => `\`${name}\``).join(', ')}: JS name \`${collision.jsName}\` belongs to \`${collision.winner}\` (${REASONS[collision.reason]})`,
  );
  return ['Omitted (their JS names collide; not callable from programs):', ...lines].join('\n');
}
