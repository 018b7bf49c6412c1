import Anthropic from '@anthropic-ai/sdk';
import { anthropicAdapter } from '../../src/anthropic/index.js';
import type { AnthropicWire } from '../../src/anthropic/index.js';
import type { ProviderCase } from '../provider-case.js';

const anthropic = (origin: string) => new Anthropic({ apiKey: 'test-key', baseURL: origin, maxRetries: 0 }).messages;
const model = { model: 'claude-sonnet-4-6', max_tokens: 1024 };

export const anthropicCase: ProviderCase<AnthropicWire> = {
  adapter: anthropicAdapter,
  recordings: { unreadable: 'exec-missing-code', programmatic: true, streamCutOff: true },
  emptyResponse: { content: [], stop_reason: null },
  historyField: 'messages',
  // Every block goes back as received: server tool use and the callers of programmatic calls included.
  receivedTurn: (message) => [{ role: 'assistant', content: message.content }],
  sdk: {
    question: { role: 'user', content: 'What is the weather in Paris and Tokyo?' },
    paths: { complete: '/v1/messages', stream: '/v1/messages' },
    streaming: { flag: true, eventNames: true, done: false },
    create: (origin, messages, tools) => anthropic(origin).create({ ...model, messages, tools }),
    stream: (origin, messages, tools) => anthropic(origin).create({ ...model, messages, tools, stream: true }),
  },
};
