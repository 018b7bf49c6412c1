// The public API of @toolcell/providers/openai-chat. Adding an export is an API decision.

export { openaiChatAdapter } from './openai-chat-adapter.js';
export { convertToOpenAIChatTools } from './convert-to-openai-chat-tools.js';
export { parseOpenAIChatResponse } from './parse-openai-chat-response.js';
export { createOpenAIChatStreamAssembler } from './openai-chat-stream-assembler.js';
export { convertToOpenAIChatAssistantMessages } from './convert-to-openai-chat-assistant-messages.js';
export { convertToOpenAIChatToolMessages } from './convert-to-openai-chat-tool-messages.js';
export type { OpenAIChatResponse, OpenAIChatResultMessage, OpenAIChatWire } from './openai-chat-api.js';
