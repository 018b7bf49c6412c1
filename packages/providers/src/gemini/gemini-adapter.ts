import type { ProviderAdapter } from '../shared/provider-adapter.js';
import { convertToGeminiFunctionResponses } from './convert-to-gemini-function-responses.js';
import { convertToGeminiModelContents } from './convert-to-gemini-model-contents.js';
import { convertToGeminiTools } from './convert-to-gemini-tools.js';
import type { GeminiWire } from './gemini-api.js';
import { createGeminiStreamAssembler } from './gemini-stream-assembler.js';
import { parseGeminiResponse } from './parse-gemini-response.js';

/**
 * The Google Gemini adapter (generateContent): declarations go out as
 * `functionDeclarations` with `parametersJsonSchema`, `exec` as a function with `{ code }`;
 * calls come back as `functionCall` parts; results go back as `functionResponse` parts,
 * errors under `response.error`.
 *
 * @example
 * ```ts
 * const response = await ai.models.generateContent({
 *   model: 'gemini-2.5-flash',
 *   contents,
 *   config: { tools: geminiAdapter.toTools(declarations) },
 * });
 * const turn = geminiAdapter.parseResponse(response, declarations);
 * ```
 */
export const geminiAdapter: ProviderAdapter<GeminiWire> = Object.freeze({
  provider: 'gemini',
  toTools: convertToGeminiTools,
  parseResponse: parseGeminiResponse,
  createStreamAssembler: createGeminiStreamAssembler,
  toAssistantMessages: convertToGeminiModelContents,
  toToolResultMessages: convertToGeminiFunctionResponses,
});
