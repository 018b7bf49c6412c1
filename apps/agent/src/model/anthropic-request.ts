import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { AnthropicWire } from '@toolcell/providers/anthropic';
import { anthropicAdapter } from '@toolcell/providers/anthropic';
import type { ProviderRequest } from './provider-conversation.js';
import type { ProviderConnection } from './provider-connection.js';

/** Options of {@link anthropicRequest}: where to connect, and the most tokens per answer (`maxTokens`, default 4,096). */
export type AnthropicRequestOptions = Pick<ProviderConnection, 'model' | 'apiKey' | 'baseUrl'> & { readonly maxTokens?: number };

/** The Anthropic Messages API, through the official SDK. */
export function anthropicRequest(options: AnthropicRequestOptions): ProviderRequest<AnthropicWire, MessageCreateParamsNonStreaming> {
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1 });
  return {
    adapter: anthropicAdapter,
    start: ({ task }) => [{ role: 'user', content: task }],
    body: ({ system, history, tools }) => ({ model: options.model, max_tokens: options.maxTokens ?? 4096, system, messages: history, ...(tools.length > 0 ? { tools } : {}) }),
    send: async (body, request) => {
      const message = await client.messages.create(body, { signal: request.signal });
      const turn = anthropicAdapter.parseResponse(message, request.declarations);
      if (request.onUpdate && turn.text !== '') request.onUpdate({ type: 'text-delta', text: turn.text });
      return { turn, assistant: anthropicAdapter.toAssistantMessages(message) };
    },
    // Messages alternate roles: after tool results (a user message), the text joins that message.
    addUserText: (history, text) => {
      const last = history.at(-1);
      if (last?.role !== 'user') {
        history.push({ role: 'user', content: text });
        return;
      }
      const blocks = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
      history[history.length - 1] = { role: 'user', content: [...blocks, { type: 'text', text }] };
    },
    userMessage: (text) => ({ role: 'user', content: text }),
  };
}
