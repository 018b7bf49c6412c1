import type { ToolCallResult } from '../shared/provider-adapter.js';
import { imageTypeGuard, joinedText, resultParts } from '../shared/result-parts.js';
import type { Content, FunctionResponse, FunctionResponsePart, Part } from './gemini-api.js';

const isGeminiImageType = imageTypeGuard(['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif']);

/**
 * One `user` content holding a `functionResponse` part per result, in order. The text goes
 * in `response.output`, or in `response.error` for an error outcome (Gemini's convention
 * for a failed call); images go in the response's own `parts`. The call's id is sent back
 * only if Gemini gave one.
 */
export function convertToGeminiFunctionResponses(results: readonly ToolCallResult[]): Content[] {
  if (results.length === 0) return [];
  return [{ role: 'user', parts: results.map(toFunctionResponsePart) }];
}

function toFunctionResponsePart({ request, outcome }: ToolCallResult): Part {
  const parts = resultParts(outcome, { provider: 'Gemini', supportsImage: isGeminiImageType });
  const text = joinedText(parts);
  const images = parts.flatMap((part): FunctionResponsePart[] =>
    part.type === 'image' ? [{ inlineData: { mimeType: part.mimeType, data: part.data } }] : [],
  );
  const id = request.echo?.['id'];
  const functionResponse: FunctionResponse = {
    ...(typeof id === 'string' ? { id } : {}),
    name: request.name,
    response: outcome.status === 'error' ? { error: text } : { output: text },
    ...(images.length === 0 ? {} : { parts: images }),
  };
  return { functionResponse };
}
