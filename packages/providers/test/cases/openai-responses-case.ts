import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { openaiResponsesAdapter } from '../../src/openai-responses/index.js';
import type { OpenAIResponsesWire } from '../../src/openai-responses/index.js';
import { defineProviderCase } from '../provider-case.js';

const question: ResponseInputItem = { role: 'user', content: 'What is the weather in Paris and Tokyo?' };

export const openaiResponsesCase = defineProviderCase<OpenAIResponsesWire>({
  adapter: openaiResponsesAdapter,
  fixture: (name) => new URL(`../../src/openai-responses/__fixtures__/${name}`, import.meta.url),
  unreadableResponse: 'malformed-arguments',
  emptyResponse: { output: [], incomplete_details: null },
  programmatic: true,
  streamsArgumentDeltas: true,
  resultCallId: 'call_kT3vX9mQ2pL7sR4nW8yB1cD5',
  historyField: 'input',
  sdk: {
    question,
    paths: { complete: '/v1/responses', stream: '/v1/responses' },
    streamFlag: true,
    serverSentEvents: (events) => ({ type: 'sse', events: events.map((data) => ({ event: data.type, data })) }),
    // Reasoning, message and call items all go back as they came.
    receivedTurn: (response) => response.output as ResponseInputItem[],
    connect(origin) {
      const client = new OpenAI({ apiKey: 'test-key', baseURL: `${origin}/v1`, maxRetries: 0 });
      return {
        create: (input, tools) => client.responses.create({ model: 'gpt-5', input, tools }),
        stream: (input, tools) => client.responses.create({ model: 'gpt-5', input, tools, stream: true }),
      };
    },
  },
});
