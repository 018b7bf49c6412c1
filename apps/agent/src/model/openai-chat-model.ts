import type { ToolDeclaration } from '@toolcell/core';
import { assembleStream } from '@toolcell/providers';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import OpenAI from 'openai';
import type { ProviderChoice } from '../config/toolcell-config.js';
import type { ModelClient, ModelUsage } from './model-client.js';
import { OpenAIChatConversation } from './openai-chat-conversation.js';

/** Options of {@link createOpenAIChatModelClient}. */
export interface OpenAIChatModelOptions {
  readonly provider: Extract<ProviderChoice, 'openai' | 'openai-compatible'>;
  readonly model: string;
  readonly apiKey: string;
  readonly baseUrl?: string;
  /** Stream responses (default true). */
  readonly stream?: boolean;
}

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): { usage?: ModelUsage } {
  return usage ? { usage: { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } } : {};
}

/** A model behind OpenAI Chat Completions (api.openai.com or any compatible server), through the official SDK. */
export function createOpenAIChatModelClient(options: OpenAIChatModelOptions): ModelClient {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1 });
  return {
    provider: options.provider,
    model: options.model,
    toTools: (declarations: readonly ToolDeclaration[]) => openaiChatAdapter.toTools(declarations),
    startConversation: ({ system, task }) =>
      new OpenAIChatConversation({
        model: options.model,
        system,
        task,
        transport: async (body, { declarations, signal, onUpdate }) => {
          if (options.stream === false) {
            const completion = await client.chat.completions.create(body, { signal });
            return { ...openaiChatAdapter.parseResponse(completion, declarations), ...usageOf(completion.usage) };
          }
          // include_usage: the last chunk carries the usage (servers that ignore it send none).
          const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, { signal });
          let usage: OpenAI.CompletionUsage | null | undefined;
          async function* noteUsage() {
            for await (const chunk of stream) {
              usage = chunk.usage ?? usage;
              yield chunk;
            }
          }
          const turn = await assembleStream(openaiChatAdapter.createStreamAssembler(declarations), noteUsage(), { onUpdate });
          return { ...turn, ...usageOf(usage) };
        },
      }),
  };
}
