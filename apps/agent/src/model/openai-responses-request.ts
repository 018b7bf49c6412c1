import type { OpenAIResponsesWire } from '@toolcell/providers/openai-responses';
import { openaiResponsesAdapter } from '@toolcell/providers/openai-responses';
import OpenAI from 'openai';
import type { Response, ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import type { ProviderRequest } from './provider-conversation.js';
import type { ProviderConnection } from './provider-connection.js';

/** Options of {@link openaiResponsesRequest}: where to connect, and whether to stream (default true). */
export type OpenAIResponsesRequestOptions = Pick<ProviderConnection, 'model' | 'apiKey' | 'baseUrl' | 'stream'>;

/** The OpenAI Responses API (exec goes out as a freeform custom tool). */
export function openaiResponsesRequest(options: OpenAIResponsesRequestOptions): ProviderRequest<OpenAIResponsesWire, ResponseCreateParamsNonStreaming> {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1 });
  return {
    adapter: openaiResponsesAdapter,
    start: ({ task }) => [{ role: 'user', content: task }],
    body: ({ system, history, tools }) => ({ model: options.model, instructions: system, input: history, ...(tools.length > 0 ? { tools } : {}) }),
    send: async (body, request) => {
      if (options.stream === false) {
        const response = await client.responses.create(body, { signal: request.signal });
        return { turn: openaiResponsesAdapter.parseResponse(response, request.declarations), assistant: openaiResponsesAdapter.toAssistantMessages(response) };
      }
      const assembler = openaiResponsesAdapter.createStreamAssembler(request.declarations);
      let completed: Response | undefined;
      const stream = await client.responses.create({ ...body, stream: true }, { signal: request.signal });
      for await (const event of stream) {
        for (const update of assembler.push(event)) request.onUpdate?.(update);
        if (event.type === 'response.completed') completed = event.response;
      }
      if (!completed) throw new Error('The Responses stream ended without a response.completed event.');
      return { turn: assembler.finish(), assistant: openaiResponsesAdapter.toAssistantMessages(completed) };
    },
    userMessage: (text) => ({ role: 'user', content: text }),
  };
}
