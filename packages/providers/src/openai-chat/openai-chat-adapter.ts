import type { ProviderAdapter } from '../shared/provider-adapter.js';
import { convertToOpenAIChatAssistantMessages } from './convert-to-openai-chat-assistant-messages.js';
import { convertToOpenAIChatToolMessages } from './convert-to-openai-chat-tool-messages.js';
import { convertToOpenAIChatTools } from './convert-to-openai-chat-tools.js';
import type { OpenAIChatWire } from './openai-chat-api.js';
import { createOpenAIChatStreamAssembler } from './openai-chat-stream-assembler.js';
import { parseOpenAIChatResponse } from './parse-openai-chat-response.js';

/**
 * The OpenAI Chat Completions adapter: `exec` goes out as a function with `{ code }`,
 * calls come back from `message.tool_calls` (or streamed `delta.tool_calls`), results go
 * back as `tool` messages (images in a following `user` message).
 *
 * @example
 * ```ts
 * const completion = await client.chat.completions.create({
 *   model: 'gpt-4.1',
 *   messages,
 *   tools: openaiChatAdapter.toTools(declarations),
 * });
 * const turn = openaiChatAdapter.parseResponse(completion, declarations);
 * ```
 */
export const openaiChatAdapter: ProviderAdapter<OpenAIChatWire> = Object.freeze({
  provider: 'openai-chat',
  toTools: convertToOpenAIChatTools,
  parseResponse: parseOpenAIChatResponse,
  createStreamAssembler: createOpenAIChatStreamAssembler,
  toAssistantMessages: convertToOpenAIChatAssistantMessages,
  toToolResultMessages: convertToOpenAIChatToolMessages,
});
