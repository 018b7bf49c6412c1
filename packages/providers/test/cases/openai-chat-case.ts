import OpenAI from 'openai';
import { openaiChatAdapter } from '../../src/openai-chat/index.js';
import type { OpenAIChatWire } from '../../src/openai-chat/index.js';
import type { ProviderCase } from '../provider-case.js';

const openai = (origin: string) => new OpenAI({ apiKey: 'test-key', baseURL: `${origin}/v1`, maxRetries: 0 });

export const openaiChatCase: ProviderCase<OpenAIChatWire> = {
  adapter: openaiChatAdapter,
  recordings: { unreadable: 'malformed-arguments', programmatic: false, streamCutOff: true },
  emptyResponse: { choices: [] },
  historyField: 'messages',
  // The assistant turn goes back with the tool calls exactly as received.
  receivedTurn: (completion) => [{ role: 'assistant', content: null, tool_calls: completion.choices[0]?.message.tool_calls ?? [] }],
  sdk: {
    question: { role: 'user', content: 'What is the weather in Paris and Tokyo?' },
    paths: { complete: '/v1/chat/completions', stream: '/v1/chat/completions' },
    streaming: { flag: true, eventNames: false, done: true },
    create: (origin, messages, tools) => openai(origin).chat.completions.create({ model: 'gpt-4.1', messages, tools }),
    stream: (origin, messages, tools) => openai(origin).chat.completions.create({ model: 'gpt-4.1', messages, tools, stream: true }),
  },
};
