import type { ProviderAdapter } from '../shared/provider-adapter.js';
import type { AnthropicWire } from './anthropic-api.js';
import { convertToAnthropicAssistantMessages } from './convert-to-anthropic-assistant-messages.js';
import { createAnthropicStreamAssembler } from './anthropic-stream-assembler.js';
import { convertToAnthropicToolResults } from './convert-to-anthropic-tool-results.js';
import { convertToAnthropicTools } from './convert-to-anthropic-tools.js';
import { parseAnthropicResponse } from './parse-anthropic-response.js';

/**
 * The Anthropic Messages adapter: `exec` goes out as a tool with `{ code }`, calls come
 * back as `tool_use` blocks (streamed as `input_json_delta`s), results go back as
 * `tool_result` blocks in one `user` message, errors marked `is_error`. Calls made from
 * code execution (programmatic tool calling) carry a `provider_code` source.
 *
 * @example
 * ```ts
 * const message = await client.messages.create({
 *   model: 'claude-sonnet-4-6',
 *   max_tokens: 1024,
 *   messages,
 *   tools: anthropicAdapter.toTools(declarations),
 * });
 * const turn = anthropicAdapter.parseResponse(message, declarations);
 * ```
 */
export const anthropicAdapter: ProviderAdapter<AnthropicWire> = Object.freeze({
  provider: 'anthropic',
  toTools: convertToAnthropicTools,
  parseResponse: parseAnthropicResponse,
  createStreamAssembler: createAnthropicStreamAssembler,
  toAssistantMessages: convertToAnthropicAssistantMessages,
  toToolResultMessages: convertToAnthropicToolResults,
});
