// `JsonSchema` takes the standard typings as they are and goes where provider SDKs expect a
// loose object. `StandardSchema7` is `JSONSchema7` of `@types/json-schema` (what the AI SDK
// and MCP re-export), trimmed: an interface with boolean subschemas and no index signature.
import { describe, expectTypeOf, it } from 'vitest';
import type { JsonSchema, JsonSchemaDefinition } from './json-schema.js';

type StandardTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
type StandardDefinition = StandardSchema7 | boolean;
interface StandardSchema7 {
  $id?: string | undefined;
  $ref?: string | undefined;
  $schema?: string | undefined;
  $defs?: { [key: string]: StandardDefinition } | undefined;
  type?: StandardTypeName | StandardTypeName[] | undefined;
  enum?: unknown[] | undefined;
  const?: unknown;
  items?: StandardDefinition | StandardDefinition[] | undefined;
  additionalItems?: StandardDefinition | undefined;
  contains?: StandardDefinition | undefined;
  required?: string[] | undefined;
  properties?: { [key: string]: StandardDefinition } | undefined;
  patternProperties?: { [key: string]: StandardDefinition } | undefined;
  additionalProperties?: StandardDefinition | undefined;
  dependencies?: { [key: string]: StandardDefinition | string[] } | undefined;
  propertyNames?: StandardDefinition | undefined;
  if?: StandardDefinition | undefined;
  then?: StandardDefinition | undefined;
  else?: StandardDefinition | undefined;
  allOf?: StandardDefinition[] | undefined;
  anyOf?: StandardDefinition[] | undefined;
  oneOf?: StandardDefinition[] | undefined;
  not?: StandardDefinition | undefined;
  format?: string | undefined;
  definitions?: { [key: string]: StandardDefinition } | undefined;
  title?: string | undefined;
  description?: string | undefined;
  default?: unknown;
  readOnly?: boolean | undefined;
  examples?: unknown;
}

describe('JsonSchema', () => {
  it('accepts JSONSchema7, an interface with boolean subschemas, without a cast', () => {
    expectTypeOf<StandardSchema7>().toExtend<JsonSchema>();
    const standard: StandardSchema7 = { type: 'object', properties: { id: { type: 'string' }, extra: true }, additionalProperties: false };
    const schema: JsonSchema = standard;
    expectTypeOf(schema.properties).toEqualTypeOf<Record<string, JsonSchemaDefinition> | undefined>();
  });

  it('goes where a provider SDK expects a loose object', () => {
    expectTypeOf<JsonSchema>().toExtend<{ [key: string]: unknown }>();
  });

  it('refuses what is not a schema', () => {
    // @ts-expect-error a type name JSON Schema does not have
    const wrong: JsonSchema = { type: 'file' };
    expectTypeOf(wrong).toEqualTypeOf<JsonSchema>();
  });
});
