import type { AliasTable } from './alias-table.js';
import { MAX_ALTERNATIVES, MAX_LITERAL_CHARS } from './display-bounds.js';
import { formatCount } from './exec-limits.js';
import { renderArrayType } from './render-array-type.js';
import { renderObjectType } from './render-object-type.js';
import { authoritativeNote, schemaNotes } from './schema-notes.js';
import type { RenderState, TypeText } from './type-text.js';
import { intersectionOf, primary, unionOf, withInlineComment } from './type-text.js';
import { literalType } from './type-syntax.js';

const TYPE_NAMES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const OBJECT_KEYWORDS = ['properties', 'additionalProperties', 'patternProperties', 'required'];
const ARRAY_KEYWORDS = ['items', 'prefixItems', 'additionalItems'];
// Real tool schemas are shallow; this only stops pathological input.
const MAX_DEPTH = 48;

type SchemaObject = Record<string, unknown>;

/** The literal type of a JSON value, or `undefined` when it has none or is too long to show. */
function shownLiteral(value: unknown): string | undefined {
  const literal = literalType(value);
  return literal !== undefined && literal.length <= MAX_LITERAL_CHARS ? literal : undefined;
}

/** The note on a union shown in part. */
const moreNote = (hidden: number, what: string): string => authoritativeNote(`${formatCount(hidden)} more ${what}`);

function typeNames(schema: SchemaObject): { names: string[]; unknownNames: string[] } {
  // OpenAPI-style upper-case names (`STRING`) mean the same types.
  const declared = (Array.isArray(schema['type']) ? schema['type'] : schema['type'] === undefined ? [] : [schema['type']]).map((name: unknown) =>
    typeof name === 'string' ? name.toLowerCase() : name,
  );
  const names = declared.filter((name): name is string => typeof name === 'string' && TYPE_NAMES.has(name));
  const unknownNames = declared.filter((name) => !(typeof name === 'string' && TYPE_NAMES.has(name))).map(String);
  if (declared.length > 0) return { names, unknownNames };
  if (OBJECT_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) return { names: ['object'], unknownNames };
  if (ARRAY_KEYWORDS.some((keyword) => schema[keyword] !== undefined)) return { names: ['array'], unknownNames };
  return { names: [], unknownNames };
}

function renderTyped(name: string, schema: SchemaObject, state: RenderState, depth: number): TypeText {
  switch (name) {
    case 'object':
      return renderObjectType(schema, state, depth);
    case 'array':
      return renderArrayType(schema, state, depth);
    case 'integer':
      return { ...primary('number'), trivial: true };
    default:
      return { ...primary(name), trivial: true };
  }
}

/** The part of a schema its own `const`, `enum` or `type` expresses; `undefined` when none applies. */
function renderCore(schema: SchemaObject, state: RenderState, depth: number): TypeText | undefined {
  if (schema['const'] !== undefined) {
    const literal = shownLiteral(schema['const']);
    return literal === undefined ? primary('unknown', [authoritativeNote('const')]) : primary(literal);
  }
  if (Array.isArray(schema['enum'])) {
    const values: unknown[] = schema['enum'];
    const literals = values.slice(0, MAX_ALTERNATIVES).map(shownLiteral);
    if (literals.some((literal) => literal === undefined)) return primary('unknown', [authoritativeNote('enum')]);
    const union = unionOf(literals.map((literal) => primary(literal ?? 'unknown')));
    return values.length > MAX_ALTERNATIVES ? { ...union, notes: [...union.notes, moreNote(values.length - MAX_ALTERNATIVES, 'values')] } : union;
  }
  const { names, unknownNames } = typeNames(schema);
  if (unknownNames.length > 0 && names.length === 0) return primary('unknown', [authoritativeNote(`type ${unknownNames.join(', ')}`)]);
  if (names.length === 0) return undefined;
  const rendered = names.map((name) => renderTyped(name, schema, state, depth));
  return rendered.length === 1 ? rendered[0] : unionOf(rendered);
}

function renderAlternatives(schema: SchemaObject, keyword: 'oneOf' | 'anyOf', state: RenderState, depth: number): TypeText | undefined {
  const all = schema[keyword];
  if (!Array.isArray(all)) return undefined;
  const alternatives: unknown[] = all.slice(0, MAX_ALTERNATIVES);
  const members = alternatives.map((alternative: unknown) => {
    // An alternative without its own `type` narrows the parent's (`{ required: ['a'] }`).
    const inherits =
      typeof schema['type'] === 'string' &&
      typeof alternative === 'object' &&
      alternative !== null &&
      (alternative as SchemaObject)['type'] === undefined &&
      (alternative as SchemaObject)['$ref'] === undefined;
    const node = inherits ? { type: schema['type'], ...(alternative as SchemaObject) } : alternative;
    const description = typeof alternative === 'object' && alternative !== null ? (alternative as SchemaObject)['description'] : undefined;
    return withInlineComment(state.render(node, depth), description);
  });
  const union = unionOf(members);
  return all.length > MAX_ALTERNATIVES ? { ...union, notes: [...union.notes, moreNote(all.length - MAX_ALTERNATIVES, `${keyword} alternatives`)] } : union;
}

function renderSchema(schema: SchemaObject, state: RenderState, depth: number): TypeText {
  const members: TypeText[] = [];
  if (typeof schema['$ref'] === 'string') {
    const target = state.aliases.resolve(schema['$ref']);
    members.push(target.type === 'alias' ? primary(target.name) : primary('unknown', [authoritativeNote(target.reason)]));
  }
  const core = renderCore(schema, state, depth);
  if (core) members.push(core);
  if (Array.isArray(schema['allOf'])) {
    const all: unknown[] = schema['allOf'];
    for (const member of all.slice(0, MAX_ALTERNATIVES)) members.push(state.render(member, depth));
    if (all.length > MAX_ALTERNATIVES) members.push(primary('unknown', [moreNote(all.length - MAX_ALTERNATIVES, 'allOf members')]));
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const alternatives = renderAlternatives(schema, keyword, state, depth);
    if (alternatives) members.push(alternatives);
  }
  // A bare `type: 'object'` next to a `$ref` or alternatives adds nothing a reader needs.
  const rich = members.filter((member) => !member.trivial);
  const chosen = rich.length > 0 ? rich : members;
  let result = chosen.length === 0 ? primary('unknown') : intersectionOf(chosen);
  if (chosen.length === 1 && chosen[0]?.trivial) result = { ...result, trivial: true };
  if (schema['nullable'] === true && !result.text.split(' | ').includes('null')) result = unionOf([result, primary('null')]);
  return { ...result, notes: [...schemaNotes(schema), ...result.notes] };
}

/** The recursive renderer over one schema document. */
export function createRenderState(aliases: AliasTable): RenderState {
  const ancestors = new Set<object>();
  const state: RenderState = {
    aliases,
    render(node, depth) {
      if (node === undefined || node === true) return primary('unknown');
      if (node === false) return primary('never');
      if (typeof node !== 'object' || node === null || Array.isArray(node)) {
        return primary('unknown', [authoritativeNote('a malformed subschema')]);
      }
      if (ancestors.has(node) || depth > MAX_DEPTH) return primary('unknown', [authoritativeNote('a cyclic or too deeply nested subschema')]);
      ancestors.add(node);
      try {
        return renderSchema(node as SchemaObject, state, depth);
      } finally {
        ancestors.delete(node);
      }
    },
  };
  return state;
}
