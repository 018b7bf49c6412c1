import type { JsonSchema } from '@toolcell/core';
import fc from 'fast-check';

// Arbitrary JSON Schemas for property tests: every keyword the renderer handles, with
// hostile strings (comment closers, quotes, line separators, non-ASCII) in names and text.

const TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'] as const;
const DEF_NAMES = ['Node', 'string', 'my-type', '1x', 'a/b', 'default', 'Record', 'é', '', 'Args', 'Result', 'type'];

const hostile = fc.constantFrom('*/', '/*', '/**', '\n', '`', '"', "'", '\\', '\u2028', '${x}', '}', ']', ')', '<', '>', '|', '&', '//', ';');
const text = fc.oneof(fc.string({ maxLength: 10 }), fc.string({ unit: 'grapheme', maxLength: 6 }), hostile, fc.array(hostile, { maxLength: 4 }).map((parts) => parts.join('a')));
const json = fc.jsonValue({ maxDepth: 2 });
const pointerSegment = (name: string): string => encodeURIComponent(name.replaceAll('~', '~0').replaceAll('/', '~1'));

const annotations = {
  description: text,
  default: json,
  format: text,
  pattern: text,
  minimum: fc.integer(),
  maximum: fc.integer(),
  exclusiveMinimum: fc.oneof(fc.integer(), fc.boolean()),
  minLength: fc.nat(5),
  maxLength: fc.nat(50),
  multipleOf: fc.integer({ min: 1, max: 10 }),
  nullable: fc.boolean(),
  deprecated: fc.boolean(),
};

// Loosely typed on purpose: generated schemas include type names and shapes JsonSchema forbids.
const { schema } = fc.letrec<{ schema: unknown; leaf: unknown; node: unknown }>((tie) => ({
  schema: fc.oneof({ maxDepth: 4, depthSize: 'small' }, tie('leaf'), tie('node')),
  leaf: fc.oneof(
    fc.record({ type: fc.constantFrom(...TYPE_NAMES), ...annotations }, { requiredKeys: ['type'] }),
    fc.record({ type: fc.uniqueArray(fc.constantFrom(...TYPE_NAMES), { minLength: 1, maxLength: 3 }) }),
    fc.record({ enum: fc.array(json, { maxLength: 4 }) }),
    fc.record({ const: json, description: text }, { requiredKeys: ['const'] }),
    fc.record({ $ref: fc.oneof(fc.constant('#'), fc.constantFrom(...DEF_NAMES).map((name) => `#/$defs/${pointerSegment(name)}`), text.map((raw) => `#/${raw}`), fc.constant('https://example.com/x.json')) }),
    fc.constant({}),
    fc.boolean(),
  ),
  node: fc.oneof(
    fc.record(
      {
        type: fc.constantFrom('object', ['object', 'null']),
        properties: fc.dictionary(text, tie('schema'), { maxKeys: 4 }),
        required: fc.array(text, { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie('schema')),
        patternProperties: fc.dictionary(text, tie('schema'), { maxKeys: 2 }),
        description: text,
        minProperties: fc.nat(3),
      },
      { requiredKeys: ['properties'] },
    ),
    fc.record({ type: fc.constant('array'), items: tie('schema'), minItems: fc.nat(3), maxItems: fc.nat(9), uniqueItems: fc.boolean() }, { requiredKeys: ['type'] }),
    fc.record({ prefixItems: fc.array(tie('schema'), { maxLength: 3 }), items: fc.oneof(fc.boolean(), tie('schema')), minItems: fc.nat(3) }, { requiredKeys: ['prefixItems'] }),
    fc.record({ items: fc.array(tie('schema'), { maxLength: 3 }), additionalItems: fc.oneof(fc.boolean(), tie('schema')) }, { requiredKeys: ['items'] }),
    fc.record(
      {
        type: fc.constantFrom(...TYPE_NAMES),
        oneOf: fc.array(tie('schema'), { maxLength: 3 }),
        anyOf: fc.array(tie('schema'), { maxLength: 3 }),
        allOf: fc.array(tie('schema'), { maxLength: 3 }),
        not: tie('schema'),
        if: tie('schema'),
        $ref: fc.constantFrom('#', '#/$defs/Node'),
        nullable: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  ),
}));

/** A schema document: a root schema with `$defs` that `$ref`s may point into. */
export const schemaDocument: fc.Arbitrary<JsonSchema | boolean> = fc
  .record({ root: schema, defs: fc.dictionary(fc.constantFrom(...DEF_NAMES), schema, { maxKeys: 4 }) })
  .map(({ root, defs }) => (typeof root === 'object' && root !== null ? { ...root, $defs: defs } : root) as JsonSchema | boolean);
