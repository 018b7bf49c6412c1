import { GoogleGenAI } from '@google/genai';
import { geminiAdapter } from '../../src/gemini/index.js';
import type { GeminiWire } from '../../src/gemini/index.js';
import type { ProviderCase } from '../provider-case.js';

const gemini = (origin: string) => new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: origin } }).models;

export const geminiCase: ProviderCase<GeminiWire> = {
  adapter: geminiAdapter,
  recordings: { unreadable: 'exec-missing-code', programmatic: false, streamCutOff: false },
  emptyResponse: {},
  historyField: 'contents',
  // The model turn goes back with its thought signatures, as Gemini requires.
  receivedTurn: (response) => (response.candidates?.[0]?.content ? [response.candidates[0].content] : []),
  sdk: {
    question: { role: 'user', parts: [{ text: 'What is the weather in Paris and Tokyo?' }] },
    paths: {
      complete: '/v1beta/models/gemini-2.5-flash:generateContent',
      stream: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    },
    streaming: { flag: undefined, eventNames: false, done: false },
    create: (origin, contents, tools) => gemini(origin).generateContent({ model: 'gemini-2.5-flash', contents, config: { tools } }),
    stream: (origin, contents, tools) => gemini(origin).generateContentStream({ model: 'gemini-2.5-flash', contents, config: { tools } }),
  },
};
