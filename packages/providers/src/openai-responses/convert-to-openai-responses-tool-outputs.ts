import type { ToolCallResult } from '../shared/provider-adapter.js';
import { dataUrl, imageTypeGuard, resultParts } from '../shared/result-parts.js';
import type { ResultPart } from '../shared/result-parts.js';
import { echoedProgramCaller } from './map-openai-caller.js';
import type { OpenAIResponsesResultItem, ResponseInputImage, ResponseInputText } from './openai-responses-api.js';

const isOpenAIImageType = imageTypeGuard(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * One output item per result, in order: `custom_tool_call_output` for a freeform call
 * (the request has `input`), `function_call_output` otherwise. Text and images go into the
 * output itself; a program caller kept as echo data goes back unchanged as `caller`. The
 * Responses API has no error flag: an error outcome's wire text (`CODE: message`) tells the model.
 */
export function convertToOpenAIResponsesToolOutputs(results: readonly ToolCallResult[]): OpenAIResponsesResultItem[] {
  return results.map(({ request, outcome }): OpenAIResponsesResultItem => {
    const output = toOutput(resultParts(outcome, { provider: 'OpenAI Responses', supportsImage: isOpenAIImageType }));
    const caller = echoedProgramCaller(request.echo);
    const item = request.input === undefined
      ? { type: 'function_call_output' as const, call_id: request.callId, output }
      : { type: 'custom_tool_call_output' as const, call_id: request.callId, output };
    return caller === undefined ? item : { ...item, caller };
  });
}

function toOutput(parts: readonly ResultPart[]): string | Array<ResponseInputText | ResponseInputImage> {
  const [only] = parts;
  if (parts.length === 0) return '';
  if (parts.length === 1 && only?.type === 'text') return only.text;
  return parts.map((part): ResponseInputText | ResponseInputImage =>
    part.type === 'text'
      ? { type: 'input_text', text: part.text }
      : { type: 'input_image', image_url: dataUrl(part), detail: 'auto' },
  );
}
