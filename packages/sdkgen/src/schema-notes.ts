import type { JsonSchema } from '@toolcell/core';
import { shortJson } from './type-syntax.js';

// Keywords that constrain a value in ways a TypeScript type cannot show. They are named in
// a note so the model knows the signature is an approximation.
const UNEXPRESSED_KEYWORDS = [
  'not',
  'if',
  'dependentSchemas',
  'dependentRequired',
  'dependencies',
  'propertyNames',
  'contains',
  '$dynamicRef',
  '$recursiveRef',
] as const;

/** The note that tells the model the raw JSON Schema decides what the type cannot show. */
export function authoritativeNote(what: string): string {
  return `${what}: not shown; the JSON Schema is authoritative`;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function countRange(min: unknown, max: unknown, unit: string, units: string): string | undefined {
  const low = isNumber(min) && min > 0 ? min : undefined;
  const high = isNumber(max) ? max : undefined;
  if (low !== undefined && high !== undefined) return low === high ? `exactly ${low} ${low === 1 ? unit : units}` : `${low}-${high} ${units}`;
  if (high !== undefined) return `max ${high} ${high === 1 ? unit : units}`;
  if (low === 1) return 'non-empty';
  if (low !== undefined) return `min ${low} ${units}`;
  return undefined;
}

function numericBounds(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  // Draft-04 spells exclusive bounds as booleans next to minimum/maximum.
  if (isNumber(exclusiveMinimum)) notes.push(`> ${exclusiveMinimum}`);
  else if (isNumber(minimum)) notes.push(`${exclusiveMinimum === true ? '>' : '>='} ${minimum}`);
  if (isNumber(exclusiveMaximum)) notes.push(`< ${exclusiveMaximum}`);
  else if (isNumber(maximum)) notes.push(`${exclusiveMaximum === true ? '<' : '<='} ${maximum}`);
  if (isNumber(schema.multipleOf)) notes.push(`multiple of ${schema.multipleOf}`);
  return notes;
}

/**
 * Short notes for the keywords of `schema` that a type does not show: integer, bounds,
 * format, default, deprecation, and keywords the renderer cannot express. Children's
 * notes are added by the renderer.
 */
export function schemaNotes(schema: JsonSchema): string[] {
  const notes: string[] = [];
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  if (types.includes('integer') && !types.includes('number')) notes.push('integer');
  notes.push(...numericBounds(schema));
  const length = countRange(schema.minLength, schema.maxLength, 'char', 'chars');
  if (length) notes.push(length);
  if (typeof schema.pattern === 'string') notes.push(`pattern: ${schema.pattern}`);
  if (typeof schema.format === 'string') notes.push(`format: ${schema.format}`);
  if (typeof schema['contentEncoding'] === 'string') notes.push(`encoding: ${schema['contentEncoding']}`);
  if (typeof schema['contentMediaType'] === 'string') notes.push(`media type: ${schema['contentMediaType']}`);
  // A tuple shows its length itself (elements past minItems are optional).
  const tuple = Array.isArray(schema.prefixItems) || Array.isArray(schema.items);
  const items = tuple ? undefined : countRange(schema.minItems, schema.maxItems, 'item', 'items');
  if (items) notes.push(items);
  if (schema.uniqueItems === true) notes.push('unique');
  const keys = countRange(schema['minProperties'], schema['maxProperties'], 'key', 'keys');
  if (keys) notes.push(keys);
  if (schema.default !== undefined) notes.push(`default: ${shortJson(schema.default)}`);
  if (schema['deprecated'] === true) notes.push('deprecated');
  // Read as data: a schema may carry keywords JsonSchema does not list ($dynamicRef, …).
  const keywords = schema as Readonly<Record<string, unknown>>;
  const unexpressed = UNEXPRESSED_KEYWORDS.filter((keyword) => keywords[keyword] !== undefined);
  const unevaluated = ['unevaluatedProperties', 'unevaluatedItems'].filter(
    (keyword) => keywords[keyword] !== undefined && keywords[keyword] !== false && keywords[keyword] !== true,
  );
  const hidden = [...unexpressed, ...unevaluated].map((keyword) => (keyword === 'if' ? 'if/then/else' : keyword));
  if (hidden.length > 0) notes.push(authoritativeNote(hidden.join(', ')));
  return notes;
}
