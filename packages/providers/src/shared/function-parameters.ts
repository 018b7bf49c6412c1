import { ConfigurationError } from '@toolcell/core';
import type { FreeformToolDeclaration, FunctionToolDeclaration, JsonSchema } from '@toolcell/core';

/** A JSON Schema whose `type` is `object`: the only kind of parameters every provider accepts. */
export type ObjectJsonSchema = JsonSchema & { readonly type: 'object' };

/**
 * The parameters of a function declaration, passed through unchanged after checking that
 * they describe an object (all four providers reject anything else).
 *
 * @throws ConfigurationError when the schema's `type` is not `"object"`.
 */
export function functionParameters(declaration: FunctionToolDeclaration): ObjectJsonSchema {
  const schema = declaration.inputSchema;
  if (schema.type === 'object') return schema as ObjectJsonSchema;
  throw new ConfigurationError({
    setting: `tools.${declaration.name}.inputSchema`,
    message:
      `a function tool's input schema must have "type": "object" (every provider requires it), ` +
      `but it has ${schema.type === undefined ? 'no type' : `type ${JSON.stringify(schema.type)}`}.`,
  });
}

/**
 * The parameters a freeform tool goes out with on providers that only have JSON function
 * tools: one required string, named and described by the tool's `jsonFallback`.
 */
export function freeformFallbackParameters(declaration: FreeformToolDeclaration): ObjectJsonSchema {
  const { parameter, description } = declaration.jsonFallback;
  return {
    type: 'object',
    properties: { [parameter]: { type: 'string', description } },
    required: [parameter],
    additionalProperties: false,
  };
}
