// The public API of @toolcell/providers/gemini. Adding an export is an API decision.

export { geminiAdapter } from './gemini-adapter.js';
export { convertToGeminiTools } from './convert-to-gemini-tools.js';
export { parseGeminiResponse } from './parse-gemini-response.js';
export { createGeminiStreamAssembler } from './gemini-stream-assembler.js';
export { convertToGeminiModelContents } from './convert-to-gemini-model-contents.js';
export { convertToGeminiFunctionResponses } from './convert-to-gemini-function-responses.js';
export type { GeminiResponse, GeminiWire } from './gemini-api.js';
