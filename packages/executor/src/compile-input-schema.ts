import type { JsonSchema } from '@toolcell/core';
import type { Ajv, Options, ValidateFunction } from 'ajv';
import type { RegExpEngine } from './linear-reg-exp.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { BOUNDED_KEYWORDS, COST_KEYWORD } from './bounded-keywords.js';
import { instrumentSchema } from './instrument-schema.js';

// `addUsedSchema: false`: two tools whose schemas share an `$id` must not collide.
// `inlineRefs: 16`: a `$ref` is inlined only into small targets, so many references to
// one big definition compile to calls, not to copies.
const AJV_OPTIONS = { allErrors: true, strict: false, validateFormats: false, logger: false, addUsedSchema: false, inlineRefs: 16 } as const;

/** One JSON Schema dialect, loaded: its Ajv class and a shared instance that checks schemas against the meta-schema. */
export interface SchemaDialect {
  readonly create: (options: Options) => Ajv | Ajv2020;
  readonly meta: Ajv | Ajv2020;
}

/** The shared meta-schema checker of a dialect (creating it and compiling its meta-schema costs tens of milliseconds). */
export function schemaDialect(create: (options: Options) => Ajv | Ajv2020): SchemaDialect {
  // Bounded keywords here too: the meta-schema's `uniqueItems` on a 20,000-value `enum`
  // took seconds with Ajv's own.
  return { create, meta: withBoundedKeywords(create(AJV_OPTIONS)) };
}

/**
 * Compile an input schema into a validator of its own: a fresh Ajv instance per schema,
 * so a validator is let go with its tool (one shared instance keeps every schema it ever
 * compiled). Patterns run on `regExp` (linear time), `enum` and `uniqueItems` are the
 * bounded keywords, and every schema object spends from the validation budget. Throws
 * for a schema that is invalid, too large, or uses a pattern RE2 cannot run.
 */
export function compileInputSchema(schema: JsonSchema, dialect: SchemaDialect, regExp: RegExpEngine): ValidateFunction {
  const source = knownDialect(schema);
  // `validateSchema` is synchronous here: no `$async` meta-schema is ever added.
  if (!(dialect.meta.validateSchema(source) as boolean)) {
    throw new Error(`schema is invalid: ${dialect.meta.errorsText(dialect.meta.errors)}`);
  }
  const ajv = withBoundedKeywords(dialect.create({ ...AJV_OPTIONS, validateSchema: false, code: { regExp } }));
  return ajv.compile(instrumentSchema(source));
}

function withBoundedKeywords<T extends Ajv | Ajv2020>(ajv: T): T {
  for (const definition of BOUNDED_KEYWORDS) {
    // Ajv's own `enum` and `uniqueItems` give way to the bounded ones.
    for (const keyword of [definition.keyword].flat()) if (keyword !== COST_KEYWORD) ajv.removeKeyword(keyword);
    ajv.addKeyword(definition);
  }
  return ajv;
}

/**
 * Ajv knows draft-07 and 2020-12; other `$schema` URIs (draft-04, 2019-09) would fail to
 * resolve, and the keywords tool authors use read the same without them.
 */
function knownDialect(schema: JsonSchema): JsonSchema {
  const dialect = schema.$schema ?? '';
  if (dialect === '' || dialect.includes('2020-12') || dialect.includes('draft-07')) return schema;
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
