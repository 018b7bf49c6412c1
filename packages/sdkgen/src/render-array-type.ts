import type { RenderState, TypeText } from './type-text.js';
import { commentBody, operand, primary, withInlineComment } from './type-text.js';

const describe = (node: unknown): unknown =>
  typeof node === 'object' && node !== null ? (node as Record<string, unknown>)['description'] : undefined;

/**
 * An array type: `T[]` from `items`, or a tuple from `prefixItems` (2020-12) or an `items`
 * array (draft-07), with the rest from `items` / `additionalItems`. Elements past
 * `minItems` are optional, as JSON Schema does not require them.
 */
export function renderArrayType(schema: Record<string, unknown>, state: RenderState, depth: number): TypeText {
  const prefix = Array.isArray(schema['prefixItems'])
    ? (schema['prefixItems'] as unknown[])
    : Array.isArray(schema['items'])
      ? (schema['items'] as unknown[])
      : undefined;
  if (prefix === undefined) {
    const items = schema['items'];
    if (items === false) return primary('[]');
    const element = state.render(items, depth);
    const body = commentBody(describe(items), element.notes);
    return { ...primary(`${operand(element, 'array')}[]`, body === '' ? [] : [`items: ${body}`]), trivial: items === undefined };
  }
  const rest = Array.isArray(schema['prefixItems']) ? schema['items'] : schema['additionalItems'];
  const minItems = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
  const elements = prefix.map((node, index) => {
    const element = withInlineComment(state.render(node, depth), describe(node));
    return index >= minItems ? `${operand(element, 'array')}?` : element.text;
  });
  if (rest !== undefined && rest !== false) {
    const element = withInlineComment(state.render(rest, depth), describe(rest));
    elements.push(`...${operand(element, 'array')}[]`);
  }
  return primary(`[${elements.join(', ')}]`);
}
