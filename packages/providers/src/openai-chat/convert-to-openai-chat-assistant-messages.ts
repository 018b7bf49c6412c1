import type { ChatCompletionAssistantMessageParam, OpenAIChatResponse } from './openai-chat-api.js';

/**
 * The first choice's message as the `assistant` message of the next request: its text,
 * refusal and tool calls exactly as received (raw argument text included, so the
 * conversation shows what the model really sent).
 */
export function convertToOpenAIChatAssistantMessages(response: OpenAIChatResponse): ChatCompletionAssistantMessageParam[] {
  const message = response.choices[0]?.message;
  if (!message) return [];
  return [
    {
      role: 'assistant',
      content: message.content,
      ...(message.refusal ? { refusal: message.refusal } : {}),
      ...(message.tool_calls && message.tool_calls.length > 0 ? { tool_calls: message.tool_calls } : {}),
    },
  ];
}
