import { GoogleGenAI } from '@google/genai';
import type { Content } from '@google/genai';
import { geminiAdapter } from '../../src/gemini/index.js';
import type { GeminiWire } from '../../src/gemini/index.js';
import { defineProviderCase } from '../provider-case.js';

const question: Content = { role: 'user', parts: [{ text: 'What is the weather in Paris and Tokyo?' }] };

export const geminiCase = defineProviderCase<GeminiWire>({
  adapter: geminiAdapter,
  fixture: (name) => new URL(`../../src/gemini/__fixtures__/${name}`, import.meta.url),
  unreadableResponse: 'exec-missing-code',
  emptyResponse: {},
  programmatic: false,
  // Gemini sends each call whole inside one chunk.
  streamsArgumentDeltas: false,
  resultCallId: 'resp-call-1',
  historyField: 'contents',
  sdk: {
    question,
    paths: {
      complete: '/v1beta/models/gemini-2.5-flash:generateContent',
      stream: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    },
    streamFlag: undefined,
    serverSentEvents: (chunks) => ({ type: 'sse', events: chunks.map((data) => ({ data })) }),
    // The model turn goes back with its thought signatures, as Gemini requires.
    receivedTurn: (response) => (response.candidates?.[0]?.content ? [response.candidates[0].content] : []),
    connect(origin) {
      const client = new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: origin } });
      return {
        create: (contents, tools) => client.models.generateContent({ model: 'gemini-2.5-flash', contents, config: { tools } }),
        stream: (contents, tools) => client.models.generateContentStream({ model: 'gemini-2.5-flash', contents, config: { tools } }),
      };
    },
  },
});
