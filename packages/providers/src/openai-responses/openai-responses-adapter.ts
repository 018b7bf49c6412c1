import type { ProviderAdapter } from '../shared/provider-adapter.js';
import { convertToOpenAIResponsesInputItems } from './convert-to-openai-responses-input-items.js';
import { convertToOpenAIResponsesToolOutputs } from './convert-to-openai-responses-tool-outputs.js';
import { convertToOpenAIResponsesTools } from './convert-to-openai-responses-tools.js';
import type { OpenAIResponsesWire } from './openai-responses-api.js';
import { createOpenAIResponsesStreamAssembler } from './openai-responses-stream-assembler.js';
import { parseOpenAIResponsesResponse } from './parse-openai-responses-response.js';

/**
 * The OpenAI Responses API adapter: `exec` goes out as a `custom` tool taking raw program
 * text, calls come back as `function_call` / `custom_tool_call` items (streamed too), and
 * results go back as `function_call_output` / `custom_tool_call_output` items. Calls made
 * by a programmatic-tool-calling program carry a `provider_code` source.
 *
 * @example
 * ```ts
 * const response = await client.responses.create({
 *   model: 'gpt-5',
 *   input,
 *   tools: openaiResponsesAdapter.toTools(declarations),
 * });
 * const turn = openaiResponsesAdapter.parseResponse(response, declarations);
 * ```
 */
export const openaiResponsesAdapter: ProviderAdapter<OpenAIResponsesWire> = Object.freeze({
  provider: 'openai-responses',
  toTools: convertToOpenAIResponsesTools,
  parseResponse: parseOpenAIResponsesResponse,
  createStreamAssembler: createOpenAIResponsesStreamAssembler,
  toAssistantMessages: convertToOpenAIResponsesInputItems,
  toToolResultMessages: convertToOpenAIResponsesToolOutputs,
});
