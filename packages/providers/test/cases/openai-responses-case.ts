import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { openaiResponsesAdapter } from '../../src/openai-responses/index.js';
import type { OpenAIResponsesWire } from '../../src/openai-responses/index.js';
import type { ProviderCase } from '../provider-case.js';

const openai = (origin: string) => new OpenAI({ apiKey: 'test-key', baseURL: `${origin}/v1`, maxRetries: 0 });

export const openaiResponsesCase: ProviderCase<OpenAIResponsesWire> = {
  adapter: openaiResponsesAdapter,
  recordings: { unreadable: 'malformed-arguments', programmatic: true, streamCutOff: true },
  emptyResponse: { output: [], incomplete_details: null },
  historyField: 'input',
  // Reasoning, message and call items all go back as they came.
  receivedTurn: (response) => response.output as ResponseInputItem[],
  sdk: {
    question: { role: 'user', content: 'What is the weather in Paris and Tokyo?' },
    paths: { complete: '/v1/responses', stream: '/v1/responses' },
    streaming: { flag: true, eventNames: true, done: false },
    create: (origin, input, tools) => openai(origin).responses.create({ model: 'gpt-5', input, tools }),
    stream: (origin, input, tools) => openai(origin).responses.create({ model: 'gpt-5', input, tools, stream: true }),
  },
};
