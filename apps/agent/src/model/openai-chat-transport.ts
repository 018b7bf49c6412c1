import { assembleStream } from '@toolcell/providers';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import OpenAI from 'openai';
import type { ModelUsage } from './model-client.js';
import type { ChatTransport } from './openai-chat-request.js';

function usageOf(usage: OpenAI.CompletionUsage | null | undefined): { usage?: ModelUsage } {
  return usage ? { usage: { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens } } : {};
}

/** Chat Completions over HTTP (api.openai.com or any compatible server), through the official SDK. */
export function openaiChatTransport(options: { readonly apiKey: string; readonly baseUrl?: string; readonly stream?: boolean }): ChatTransport {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1 });
  return async (body, { declarations, signal, onUpdate }) => {
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
  };
}
