import { GoogleGenAI } from '@google/genai';
import type { GenerateContentParameters } from '@google/genai';
import type { GeminiWire } from '@toolcell/providers/gemini';
import { geminiAdapter } from '@toolcell/providers/gemini';
import type { ProviderRequest } from './provider-conversation.js';

/** Options of {@link geminiRequest}. */
export interface GeminiRequestOptions {
  readonly model: string;
  readonly apiKey: string;
  readonly baseUrl?: string;
}

/** The Gemini API (generateContent), through the official SDK. */
export function geminiRequest(options: GeminiRequestOptions): ProviderRequest<GeminiWire, GenerateContentParameters> {
  const client = new GoogleGenAI({ apiKey: options.apiKey, ...(options.baseUrl ? { httpOptions: { baseUrl: options.baseUrl } } : {}) });
  return {
    adapter: geminiAdapter,
    start: ({ task }) => [{ role: 'user', parts: [{ text: task }] }],
    body: ({ system, history, tools }) => ({ model: options.model, contents: history, config: { systemInstruction: system, ...(tools.length > 0 ? { tools } : {}) } }),
    send: async (body, request) => {
      // The signal travels in the config, so it is added here and never shown as part of the body.
      const response = await client.models.generateContent({ ...body, config: { ...body.config, abortSignal: request.signal } });
      const turn = geminiAdapter.parseResponse(response, request.declarations);
      if (request.onUpdate && turn.text !== '') request.onUpdate({ type: 'text-delta', text: turn.text });
      return { turn, assistant: geminiAdapter.toAssistantMessages(response) };
    },
    userMessage: (text) => ({ role: 'user', parts: [{ text }] }),
  };
}
