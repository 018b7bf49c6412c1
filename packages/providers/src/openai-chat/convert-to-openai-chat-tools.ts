import type { ToolDeclaration } from '@toolcell/core';
import { freeformFallbackParameters, functionParameters } from '../shared/function-parameters.js';
import type { ChatCompletionFunctionTool } from './openai-chat-api.js';

/**
 * Chat Completions `tools` for these declarations, in order. Function tools pass their
 * input schema through unchanged; a freeform tool (`exec`) goes out as a function with its
 * JSON fallback's one string parameter (`{ code: string }`).
 *
 * @throws {@link @toolcell/core!ConfigurationError} when a function tool's input schema is not an object schema.
 */
export function convertToOpenAIChatTools(declarations: readonly ToolDeclaration[]): ChatCompletionFunctionTool[] {
  return declarations.map((declaration) => ({
    type: 'function',
    function: {
      name: declaration.name,
      description: declaration.description,
      parameters:
        declaration.kind === 'function' ? functionParameters(declaration) : freeformFallbackParameters(declaration),
    },
  }));
}
