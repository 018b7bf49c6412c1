import type { ToolDeclaration } from '@toolcell/core';
import { freeformFallbackParameters, functionParameters } from '../shared/function-parameters.js';
import type { FunctionDeclaration, Tool } from './gemini-api.js';

/**
 * Gemini `tools` for these declarations: one tool holding a `functionDeclarations` entry
 * per declaration, in order (no tool at all for no declarations). Input schemas go through
 * unchanged as `parametersJsonSchema` (JSON Schema, not Gemini's OpenAPI subset); a freeform
 * tool (`exec`) goes out with its JSON fallback's one string parameter (`{ code: string }`).
 *
 * @throws {@link @toolcell/core!ConfigurationError} when a function tool's input schema is not an object schema.
 */
export function convertToGeminiTools(declarations: readonly ToolDeclaration[]): Tool[] {
  if (declarations.length === 0) return [];
  const functionDeclarations = declarations.map(
    (declaration): FunctionDeclaration => ({
      name: declaration.name,
      description: declaration.description,
      parametersJsonSchema:
        declaration.kind === 'function' ? functionParameters(declaration) : freeformFallbackParameters(declaration),
    }),
  );
  return [{ functionDeclarations }];
}
