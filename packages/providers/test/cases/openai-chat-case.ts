import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { openaiChatAdapter } from '../../src/openai-chat/index.js';
import type { OpenAIChatWire } from '../../src/openai-chat/index.js';
import { defineProviderCase } from '../provider-case.js';

const question: ChatCompletionMessageParam = { role: 'user', content: 'What is the weather in Paris and Tokyo?' };

export const openaiChatCase = defineProviderCase<OpenAIChatWire>({
  adapter: openaiChatAdapter,
  fixture: (name) => new URL(`../../src/openai-chat/__fixtures__/${name}`, import.meta.url),
  unreadableResponse: 'malformed-arguments',
  emptyResponse: { choices: [] },
  programmatic: false,
  streamsArgumentDeltas: true,
  resultCallId: 'call_Wq4QhZ0dS2aFtd8m2b3X9kLp',
  historyField: 'messages',
  sdk: {
    question,
    paths: { complete: '/v1/chat/completions', stream: '/v1/chat/completions' },
    streamFlag: true,
    serverSentEvents: (chunks) => ({ type: 'sse', events: chunks.map((data) => ({ data })), done: true }),
    // The assistant turn goes back with the tool calls exactly as received.
    receivedTurn: (completion) => [{ role: 'assistant', content: null, tool_calls: completion.choices[0]?.message.tool_calls ?? [] }],
    connect(origin) {
      const client = new OpenAI({ apiKey: 'test-key', baseURL: `${origin}/v1`, maxRetries: 0 });
      return {
        create: (messages, tools) => client.chat.completions.create({ model: 'gpt-4.1', messages, tools }),
        stream: (messages, tools) => client.chat.completions.create({ model: 'gpt-4.1', messages, tools, stream: true }),
      };
    },
  },
});
