import type { ToolDeclaration } from '@toolcell/core';
import type { ParsedTurn, StreamUpdate } from '@toolcell/providers';
import type { OpenAIChatWire } from '@toolcell/providers/openai-chat';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import type { ChatCompletionAssistantMessageParam, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ModelUsage } from './model-client.js';
import type { ProviderRequest } from './provider-conversation.js';

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

/**
 * The OpenAI Chat Completions format (OpenAI, compatible servers, the scripted model). The
 * history is recorded from the parsed turn, so a streamed answer and the scripted one are
 * recorded the same way.
 */
export function openaiChatRequest(options: { readonly model: string; readonly transport: ChatTransport }): ProviderRequest<OpenAIChatWire, ChatCompletionCreateParamsNonStreaming> {
  return {
    adapter: openaiChatAdapter,
    start: ({ system, task }) => [
      { role: 'system', content: system },
      { role: 'user', content: task },
    ],
    body: ({ history, tools }) => ({ model: options.model, messages: history, ...(tools.length > 0 ? { tools } : {}) }),
    send: async (body, { declarations, signal, onUpdate }) => {
      const turn = await options.transport(body, { declarations, signal, onUpdate });
      return { turn, assistant: [assistantMessage(turn, declarations)] };
    },
    userMessage: (text) => ({ role: 'user', content: text }),
  };
}
