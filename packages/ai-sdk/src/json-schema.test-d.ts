import type { JsonSchema } from '@toolcell/core';
import type { JSONSchema7 } from 'ai';
import { jsonSchema } from 'ai';
import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';

describe('JsonSchema', () => {
  it('accepts the AI SDK JSONSchema7 (boolean subschemas included) without a cast', () => {
    expectTypeOf<JSONSchema7>().toExtend<JsonSchema>();
    const schema: JSONSchema7 = { type: 'object', properties: { id: { type: 'string' }, any: true }, additionalProperties: false };
    const ours: JsonSchema = schema;
    expectTypeOf(ours).toEqualTypeOf<JsonSchema>();
    expectTypeOf(jsonSchema(z.toJSONSchema(z.object({ a: z.number() })) as JSONSchema7).jsonSchema).toExtend<JsonSchema | PromiseLike<JsonSchema>>();
  });
});
