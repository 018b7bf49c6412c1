import type { ToolDeclaration } from '@toolcell/core';
import type { ParsedTurn, StreamUpdate, ToolCallResult } from '@toolcell/providers';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { ModelConversation, ModelRequestOptions, ModelTurn, ModelUsage } from './model-client.js';

/** How a Chat Completions request body becomes a parsed turn (an HTTP call, or the scripted model). */
export type ChatTransport = (
  body: ChatCompletionCreateParamsNonStreaming,
  options: { readonly declarations: readonly ToolDeclaration[]; readonly signal?: AbortSignal; readonly onUpdate?: (update: StreamUpdate) => void },
) => Promise<ParsedTurn & { readonly usage?: ModelUsage }>;

/** The assistant message that records a parsed turn in the history. */
export function assistantMessage(turn: ParsedTurn, declarations: readonly ToolDeclaration[]): ChatCompletionAssistantMessageParam {
  const calls = turn.toolCalls.map((call) => {
    const declaration = declarations.find((candidate) => candidate.name === call.name);
    const args = call.input !== undefined && declaration?.kind === 'freeform' ? { [declaration.jsonFallback.parameter]: call.input } : (call.args ?? {});
    return { id: call.callId, type: 'function' as const, function: { name: call.name, arguments: JSON.stringify(args) } };
  });
  return calls.length === 0 ? { role: 'assistant', content: turn.text } : { role: 'assistant', content: turn.text === '' ? null : turn.text, tool_calls: calls };
}

/** A conversation in the OpenAI Chat Completions format (OpenAI, compatible servers, the scripted model). */
export class OpenAIChatConversation implements ModelConversation {
  private readonly messages: ChatCompletionMessageParam[];

  constructor(
    private readonly options: { readonly model: string; readonly system: string; readonly task: string; readonly transport: ChatTransport },
  ) {
    this.messages = [
      { role: 'system', content: options.system },
      { role: 'user', content: options.task },
    ];
  }

  async send(request: ModelRequestOptions): Promise<ModelTurn> {
    const tools = openaiChatAdapter.toTools(request.declarations);
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.options.model,
      messages: structuredClone(this.messages),
      ...(tools.length > 0 ? { tools } : {}),
    };
    const turn = await this.options.transport(body, { declarations: request.declarations, signal: request.signal, onUpdate: request.onUpdate });
    this.messages.push(assistantMessage(turn, request.declarations));
    return { ...turn, requestBody: body };
  }

  addToolResults(results: readonly ToolCallResult[]): void {
    this.messages.push(...openaiChatAdapter.toToolResultMessages(results));
  }

  addUserMessage(text: string): void {
    this.messages.push({ role: 'user', content: text });
  }
}
