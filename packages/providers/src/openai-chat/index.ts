// The public API of @toolcell/providers/openai-chat. Adding an export is an API decision: the
// adapter is the way in (its methods are the conversions), so the functions behind it are not exported.

export { openaiChatAdapter } from './openai-chat-adapter.js';
export type { OpenAIChatResponse, OpenAIChatResultMessage, OpenAIChatWire } from './openai-chat-api.js';
