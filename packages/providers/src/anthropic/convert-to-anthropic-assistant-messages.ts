import type { AnthropicResponse, MessageParam } from './anthropic-api.js';

/**
 * The response as the `assistant` message of the next request: every content block exactly
 * as received, so `tool_use` blocks keep their `caller` and `server_tool_use` blocks (the
 * code execution that made programmatic calls) go back with them, as Anthropic requires.
 */
export function convertToAnthropicAssistantMessages(response: AnthropicResponse): MessageParam[] {
  return response.content.length === 0 ? [] : [{ role: 'assistant', content: response.content }];
}
