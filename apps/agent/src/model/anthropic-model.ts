import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ToolCallResult } from '@toolcell/providers';
import { anthropicAdapter } from '@toolcell/providers/anthropic';
import type { ModelClient, ModelConversation, ModelRequestOptions, ModelTurn } from './model-client.js';

/** Options of {@link createAnthropicModelClient}. */
export interface AnthropicModelOptions {
  readonly model: string;
  readonly apiKey: string;
  readonly baseUrl?: string;
  /** Most tokens per answer (default 4,096). */
  readonly maxTokens?: number;
}

class AnthropicConversation implements ModelConversation {
  private readonly messages: MessageParam[];

  constructor(
    private readonly client: Anthropic,
    private readonly options: AnthropicModelOptions & { readonly system: string },
    task: string,
  ) {
    this.messages = [{ role: 'user', content: task }];
  }

  async send(request: ModelRequestOptions): Promise<ModelTurn> {
    const tools = anthropicAdapter.toTools(request.declarations);
    const body: MessageCreateParamsNonStreaming = {
      model: this.options.model,
      max_tokens: this.options.maxTokens ?? 4096,
      system: this.options.system,
      messages: structuredClone(this.messages),
      ...(tools.length > 0 ? { tools } : {}),
    };
    const message = await this.client.messages.create(body, { signal: request.signal });
    const turn = anthropicAdapter.parseResponse(message, request.declarations);
    if (request.onUpdate && turn.text !== '') request.onUpdate({ type: 'text-delta', text: turn.text });
    this.messages.push(...anthropicAdapter.toAssistantMessages(message));
    return { ...turn, requestBody: body };
  }

  addToolResults(results: readonly ToolCallResult[]): void {
    this.messages.push(...anthropicAdapter.toToolResultMessages(results));
  }

  addUserMessage(text: string): void {
    // Messages alternate roles: after tool results (a user message), the text joins that message.
    const last = this.messages.at(-1);
    if (last?.role === 'user') {
      const blocks = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
      this.messages[this.messages.length - 1] = { role: 'user', content: [...blocks, { type: 'text', text }] };
    } else {
      this.messages.push({ role: 'user', content: text });
    }
  }
}

/** A model behind the Anthropic Messages API, through the official SDK. */
export function createAnthropicModelClient(options: AnthropicModelOptions): ModelClient {
  const client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1 });
  return {
    provider: 'anthropic',
    model: options.model,
    toTools: (declarations) => anthropicAdapter.toTools(declarations),
    startConversation: ({ system, task }) => new AnthropicConversation(client, { ...options, system }, task),
  };
}
