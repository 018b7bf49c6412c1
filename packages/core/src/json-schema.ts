/** JSON Schema type names. */
export type JsonSchemaTypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * A subschema: a schema, or `true` (anything) / `false` (nothing), as JSON Schema allows
 * wherever a subschema goes.
 */
export type JsonSchemaDefinition = JsonSchema | boolean;

/**
 * A JSON Schema (draft 2020-12, with the draft-07 and OpenAPI keywords tool authors
 * commonly use). Keywords it does not list (`x-…` extensions) are preserved when a schema
 * arrives as data. It has no index signature, so that the standard typings (`JSONSchema7`
 * from `@types/json-schema` and the AI SDK, the Agents SDK's and MCP's tool schemas), which
 * are interfaces, are assignable to it without a cast; and it is a `type`, not an
 * `interface`, so that it is assignable where a provider SDK expects
 * `{ [key: string]: unknown }`. Subschemas may be booleans.
 */
export type JsonSchema = {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchemaDefinition>;
  definitions?: Record<string, JsonSchemaDefinition>;
  title?: string;
  description?: string;
  type?: JsonSchemaTypeName | JsonSchemaTypeName[];
  enum?: readonly unknown[];
  const?: unknown;
  default?: unknown;
  /** An array of examples (draft-06 and later); draft-04 style single values are kept too. */
  examples?: unknown;
  format?: string;
  nullable?: boolean;
  properties?: Record<string, JsonSchemaDefinition>;
  required?: readonly string[];
  additionalProperties?: JsonSchemaDefinition;
  patternProperties?: Record<string, JsonSchemaDefinition>;
  items?: JsonSchemaDefinition | readonly JsonSchemaDefinition[];
  prefixItems?: readonly JsonSchemaDefinition[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  oneOf?: readonly JsonSchemaDefinition[];
  anyOf?: readonly JsonSchemaDefinition[];
  allOf?: readonly JsonSchemaDefinition[];
  not?: JsonSchemaDefinition;
  if?: JsonSchemaDefinition;
  then?: JsonSchemaDefinition;
  else?: JsonSchemaDefinition;
  contains?: JsonSchemaDefinition;
  minContains?: number;
  maxContains?: number;
  additionalItems?: JsonSchemaDefinition;
  unevaluatedItems?: JsonSchemaDefinition;
  unevaluatedProperties?: JsonSchemaDefinition;
  propertyNames?: JsonSchemaDefinition;
  minProperties?: number;
  maxProperties?: number;
  dependencies?: Record<string, JsonSchemaDefinition | readonly string[]>;
  dependentRequired?: Record<string, readonly string[]>;
  dependentSchemas?: Record<string, JsonSchemaDefinition>;
  contentMediaType?: string;
  contentEncoding?: string;
  readOnly?: boolean;
  writeOnly?: boolean;
  deprecated?: boolean;
  $comment?: string;
  $anchor?: string;
};
