import type { ToolDeclaration } from '@toolcell/core';
import { freeformFallbackParameters, functionParameters } from '../shared/function-parameters.js';
import type { ObjectJsonSchema } from '../shared/function-parameters.js';
import type { Tool } from './anthropic-api.js';

/**
 * Messages API `tools` for these declarations, in order. Function tools pass their input
 * schema through unchanged; a freeform tool (`exec`) goes out as a tool whose input is its
 * JSON fallback's one string parameter (`{ code: string }`).
 *
 * @throws {@link @toolcell/core!ConfigurationError} when a function tool's input schema is not an object schema.
 */
export function convertToAnthropicTools(declarations: readonly ToolDeclaration[]): Tool[] {
  return declarations.map((declaration) => ({
    name: declaration.name,
    description: declaration.description,
    input_schema: toInputSchema(
      declaration.kind === 'function' ? functionParameters(declaration) : freeformFallbackParameters(declaration),
    ),
  }));
}

function toInputSchema(schema: ObjectJsonSchema): Tool.InputSchema {
  // Only mutability differs: core marks `required` readonly, the SDK's type does not (it never writes to it).
  return schema as Tool.InputSchema;
}
