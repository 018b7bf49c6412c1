// Compiling examples for the README (typechecked, not built or shipped).
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { CallOutcome, ToolCallRequest, ToolDeclaration } from '@toolcell/core';
import OpenAI from 'openai';
import { anthropicAdapter, withAnthropicProgrammaticToolCalling } from './anthropic/index.js';
import { assembleStream, invalidArgumentsOutcome } from './index.js';
import type { ParsedTurn, ProviderAdapter, ProviderWire, ToolCallResult } from './index.js';
import { openaiChatAdapter } from './openai-chat/index.js';

/** Runs one call (in an application: the executor's dispatch). */
type Dispatch = (request: ToolCallRequest) => Promise<CallOutcome>;

/**
 * A provider-neutral agent loop: the same code drives all four adapters; only `send`
 * (one request with the SDK) is provider-specific.
 */
export async function agentLoop<Wire extends ProviderWire>(options: {
  readonly adapter: ProviderAdapter<Wire>;
  readonly declarations: readonly ToolDeclaration[];
  readonly history: Wire['message'][];
  readonly send: (history: readonly Wire['message'][], tools: readonly Wire['tool'][]) => Promise<Wire['response']>;
  readonly dispatch: Dispatch;
}): Promise<string> {
  const { adapter, declarations, history, send, dispatch } = options;
  const tools = adapter.toTools(declarations);
  for (;;) {
    const response = await send(history, tools);
    const turn: ParsedTurn = adapter.parseResponse(response, declarations);
    history.push(...adapter.toAssistantMessages(response));
    if (turn.toolCalls.length === 0) return turn.text;
    const results: ToolCallResult[] = await Promise.all(
      turn.toolCalls.map(async (request) => ({ request, outcome: invalidArgumentsOutcome(request) ?? (await dispatch(request)) })),
    );
    history.push(...adapter.toToolResultMessages(results));
  }
}

/** The loop over OpenAI Chat Completions. */
export function chatExample(declarations: readonly ToolDeclaration[], dispatch: Dispatch): Promise<string> {
  const client = new OpenAI();
  return agentLoop({
    adapter: openaiChatAdapter,
    declarations,
    history: [{ role: 'user', content: 'What is the weather in Paris?' }],
    send: (history, tools) => client.chat.completions.create({ model: 'gpt-4.1', messages: [...history], tools: [...tools] }),
    dispatch,
  });
}

/** Streaming with Anthropic: text is printed as it arrives; calls come out assembled. */
export async function anthropicStreamExample(declarations: readonly ToolDeclaration[]): Promise<ParsedTurn> {
  const client = new Anthropic();
  const messages: MessageParam[] = [{ role: 'user', content: 'What is the weather in Paris?' }];
  const stream = await client.messages.create({
    model: 'claude-sonnet-4-6',
    max_tokens: 1024,
    messages,
    tools: anthropicAdapter.toTools(declarations),
    stream: true,
  });
  return assembleStream(anthropicAdapter.createStreamAssembler(declarations), stream, {
    onUpdate: (update) => {
      if (update.type === 'text-delta') process.stdout.write(update.text);
    },
  });
}

/** Anthropic programmatic tool calling: code execution may call `get_weather`. */
export async function programmaticExample(declarations: readonly ToolDeclaration[]): Promise<ParsedTurn> {
  const client = new Anthropic();
  const message = await client.messages.create({
    model: 'claude-sonnet-4-6',
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'Compare the weather in five cities.' }],
    tools: withAnthropicProgrammaticToolCalling(anthropicAdapter.toTools(declarations), { callable: ['get_weather'] }),
  });
  // Calls made by the code carry `source: { type: 'provider_code', provider: 'anthropic', callerId }`.
  // Reuse `message.container?.id` as `container` in the next request.
  return anthropicAdapter.parseResponse(message, declarations);
}
