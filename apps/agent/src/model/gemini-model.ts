import { GoogleGenAI } from '@google/genai';
import type { Content, GenerateContentParameters } from '@google/genai';
import type { ToolCallResult } from '@toolcell/providers';
import { geminiAdapter } from '@toolcell/providers/gemini';
import type { ModelClient, ModelConversation, ModelRequestOptions, ModelTurn } from './model-client.js';

/** Options of {@link createGeminiModelClient}. */
export interface GeminiModelOptions {
  readonly model: string;
  readonly apiKey: string;
  readonly baseUrl?: string;
}

class GeminiConversation implements ModelConversation {
  private readonly contents: Content[];

  constructor(
    private readonly client: GoogleGenAI,
    private readonly options: GeminiModelOptions & { readonly system: string },
    task: string,
  ) {
    this.contents = [{ role: 'user', parts: [{ text: task }] }];
  }

  async send(request: ModelRequestOptions): Promise<ModelTurn> {
    const tools = geminiAdapter.toTools(request.declarations);
    const body: GenerateContentParameters = {
      model: this.options.model,
      contents: structuredClone(this.contents),
      config: { systemInstruction: this.options.system, ...(tools.length > 0 ? { tools } : {}), abortSignal: request.signal },
    };
    const response = await this.client.models.generateContent(body);
    const turn = geminiAdapter.parseResponse(response, request.declarations);
    if (request.onUpdate && turn.text !== '') request.onUpdate({ type: 'text-delta', text: turn.text });
    this.contents.push(...geminiAdapter.toAssistantMessages(response));
    const { abortSignal: _signal, ...config } = body.config ?? {};
    return { ...turn, requestBody: { ...body, config } };
  }

  addToolResults(results: readonly ToolCallResult[]): void {
    this.contents.push(...geminiAdapter.toToolResultMessages(results));
  }

  addUserMessage(text: string): void {
    this.contents.push({ role: 'user', parts: [{ text }] });
  }
}

/** A model behind the Gemini API (generateContent), through the official SDK. */
export function createGeminiModelClient(options: GeminiModelOptions): ModelClient {
  const client = new GoogleGenAI({ apiKey: options.apiKey, ...(options.baseUrl ? { httpOptions: { baseUrl: options.baseUrl } } : {}) });
  return {
    provider: 'gemini',
    model: options.model,
    toTools: (declarations) => geminiAdapter.toTools(declarations),
    startConversation: ({ system, task }) => new GeminiConversation(client, { ...options, system }, task),
  };
}
