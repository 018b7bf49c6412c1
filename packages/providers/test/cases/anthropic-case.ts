import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { anthropicAdapter } from '../../src/anthropic/index.js';
import type { AnthropicWire } from '../../src/anthropic/index.js';
import { defineProviderCase } from '../provider-case.js';

const question: MessageParam = { role: 'user', content: 'What is the weather in Paris and Tokyo?' };
const model = { model: 'claude-sonnet-4-6', max_tokens: 1024 };

export const anthropicCase = defineProviderCase<AnthropicWire>({
  adapter: anthropicAdapter,
  fixture: (name) => new URL(`../../src/anthropic/__fixtures__/${name}`, import.meta.url),
  unreadableResponse: 'exec-missing-code',
  emptyResponse: { content: [], stop_reason: null },
  programmatic: true,
  streamsArgumentDeltas: true,
  resultCallId: 'toolu_01A09q90qw90lq917835lq9',
  historyField: 'messages',
  sdk: {
    question,
    paths: { complete: '/v1/messages', stream: '/v1/messages' },
    streamFlag: true,
    serverSentEvents: (events) => ({ type: 'sse', events: events.map((data) => ({ event: data.type, data })) }),
    receivedTurn: (message) => [{ role: 'assistant', content: message.content }],
    connect(origin) {
      const client = new Anthropic({ apiKey: 'test-key', baseURL: origin, maxRetries: 0 });
      return {
        create: (messages, tools) => client.messages.create({ ...model, messages, tools }),
        stream: (messages, tools) => client.messages.create({ ...model, messages, tools, stream: true }),
      };
    },
  },
});
