import type { Content, GeminiResponse } from './gemini-api.js';

/**
 * The first candidate's content as the `model` turn of the next request, parts exactly as
 * received (Gemini requires function-call parts to come back with their thought signatures).
 */
export function convertToGeminiModelContents(response: GeminiResponse): Content[] {
  const content = response.candidates?.[0]?.content;
  return content?.parts && content.parts.length > 0 ? [{ role: content.role ?? 'model', parts: content.parts }] : [];
}
