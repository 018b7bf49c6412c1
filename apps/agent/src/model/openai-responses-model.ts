import type { ToolDeclaration } from '@toolcell/core';
import type { ParsedTurn, ToolCallResult } from '@toolcell/providers';
import { openaiResponsesAdapter } from '@toolcell/providers/openai-responses';
import OpenAI from 'openai';
import type { Response, ResponseCreateParamsNonStreaming, ResponseInputItem } from 'openai/resources/responses/responses';
import type { ModelClient, ModelConversation, ModelRequestOptions, ModelTurn } from './model-client.js';

/** Options of {@link createOpenAIResponsesModelClient}. */
export interface OpenAIResponsesModelOptions {
  readonly model: string;
  readonly apiKey: string;
  readonly baseUrl?: string;
  /** Stream responses (default true). */
  readonly stream?: boolean;
}

class OpenAIResponsesConversation implements ModelConversation {
  private readonly input: ResponseInputItem[];

  constructor(
    private readonly client: OpenAI,
    private readonly options: OpenAIResponsesModelOptions & { readonly system: string },
    task: string,
  ) {
    this.input = [{ role: 'user', content: task }];
  }

  async send(request: ModelRequestOptions): Promise<ModelTurn> {
    const tools = openaiResponsesAdapter.toTools(request.declarations);
    const body: ResponseCreateParamsNonStreaming = {
      model: this.options.model,
      instructions: this.options.system,
      input: structuredClone(this.input),
      ...(tools.length > 0 ? { tools } : {}),
    };
    const { turn, response } = await this.request(body, request);
    this.input.push(...openaiResponsesAdapter.toAssistantMessages(response));
    return { ...turn, requestBody: body };
  }

  addToolResults(results: readonly ToolCallResult[]): void {
    this.input.push(...openaiResponsesAdapter.toToolResultMessages(results));
  }

  addUserMessage(text: string): void {
    this.input.push({ role: 'user', content: text });
  }

  private async request(body: ResponseCreateParamsNonStreaming, request: ModelRequestOptions): Promise<{ turn: ParsedTurn; response: Response }> {
    const declarations: readonly ToolDeclaration[] = request.declarations;
    if (this.options.stream === false) {
      const response = await this.client.responses.create(body, { signal: request.signal });
      return { turn: openaiResponsesAdapter.parseResponse(response, declarations), response };
    }
    const assembler = openaiResponsesAdapter.createStreamAssembler(declarations);
    let completed: Response | undefined;
    const stream = await this.client.responses.create({ ...body, stream: true }, { signal: request.signal });
    for await (const event of stream) {
      for (const update of assembler.push(event)) request.onUpdate?.(update);
      if (event.type === 'response.completed') completed = event.response;
    }
    if (!completed) throw new Error('The Responses stream ended without a response.completed event.');
    return { turn: assembler.finish(), response: completed };
  }
}

/** A model behind the OpenAI Responses API (exec goes out as a freeform custom tool). */
export function createOpenAIResponsesModelClient(options: OpenAIResponsesModelOptions): ModelClient {
  const client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 1 });
  return {
    provider: 'openai-responses',
    model: options.model,
    toTools: (declarations) => openaiResponsesAdapter.toTools(declarations),
    startConversation: ({ system, task }) => new OpenAIResponsesConversation(client, { ...options, system }, task),
  };
}
