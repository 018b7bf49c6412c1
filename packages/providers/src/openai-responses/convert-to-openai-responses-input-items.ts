import type { OpenAIResponsesResponse, ResponseInputItem, ResponseOutputItem } from './openai-responses-api.js';

/**
 * A response's output items as input items of the next request (when not chaining with
 * `previous_response_id`): reasoning, messages, calls and programmatic-tool-calling
 * `program` items exactly as received, fingerprints included. Two kinds toolcell never asks
 * for and the API does not take back as they are (computer-call outputs, additional-tools
 * notices) are left out.
 */
export function convertToOpenAIResponsesInputItems(response: OpenAIResponsesResponse): ResponseInputItem[] {
  return response.output.filter(isReplayable);
}

function isReplayable(item: ResponseOutputItem): item is Exclude<ResponseOutputItem, { type: 'computer_call_output' | 'additional_tools' }> {
  return item.type !== 'computer_call_output' && item.type !== 'additional_tools';
}
