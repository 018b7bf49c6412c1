import type { ToolDeclaration } from '@toolcell/core';
import { functionParameters } from '../shared/function-parameters.js';
import type { OpenAIResponsesTool } from './openai-responses-api.js';

/**
 * Responses API `tools` for these declarations, in order. Function tools pass their input
 * schema through unchanged (`strict: false`, since arbitrary schemas do not meet strict
 * mode's rules); a freeform tool (`exec`) goes out as a `custom` tool taking raw text.
 *
 * @throws {@link @toolcell/core!ConfigurationError} when a function tool's input schema is not an object schema.
 */
export function convertToOpenAIResponsesTools(declarations: readonly ToolDeclaration[]): OpenAIResponsesTool[] {
  return declarations.map((declaration): OpenAIResponsesTool =>
    declaration.kind === 'function'
      ? {
          type: 'function',
          name: declaration.name,
          description: declaration.description,
          parameters: functionParameters(declaration),
          strict: false,
        }
      : { type: 'custom', name: declaration.name, description: declaration.description },
  );
}
