import type { Message, MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { Content, GenerateContentParameters, Tool as GeminiTool } from '@google/genai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { Response, ResponseCreateParamsNonStreaming, ResponseInputItem } from 'openai/resources/responses/responses';
import { describe, expectTypeOf, it } from 'vitest';
import type { AnthropicWire } from './anthropic/index.js';
import { anthropicAdapter } from './anthropic/index.js';
import type { GeminiWire } from './gemini/index.js';
import { geminiAdapter } from './gemini/index.js';
import type { ParsedTurn, ProviderAdapter, ProviderWire } from './index.js';
import type { OpenAIChatWire } from './openai-chat/index.js';
import { openaiChatAdapter } from './openai-chat/index.js';
import type { OpenAIResponsesWire } from './openai-responses/index.js';
import { openaiResponsesAdapter } from './openai-responses/index.js';

describe('provider adapters', () => {
  it('share one interface, each typed by its SDK wire types', () => {
    expectTypeOf(openaiChatAdapter).toEqualTypeOf<ProviderAdapter<OpenAIChatWire>>();
    expectTypeOf(openaiResponsesAdapter).toEqualTypeOf<ProviderAdapter<OpenAIResponsesWire>>();
    expectTypeOf(anthropicAdapter).toEqualTypeOf<ProviderAdapter<AnthropicWire>>();
    expectTypeOf(geminiAdapter).toEqualTypeOf<ProviderAdapter<GeminiWire>>();
    expectTypeOf<OpenAIChatWire>().toExtend<ProviderWire>();
  });

  it('give result messages that are conversation messages', () => {
    expectTypeOf<OpenAIChatWire['resultMessage']>().toExtend<OpenAIChatWire['message']>();
    expectTypeOf<OpenAIResponsesWire['resultMessage']>().toExtend<OpenAIResponsesWire['message']>();
    expectTypeOf<AnthropicWire['resultMessage']>().toExtend<AnthropicWire['message']>();
    expectTypeOf<GeminiWire['resultMessage']>().toExtend<GeminiWire['message']>();
  });

  it('produce tool lists and messages the SDK request types accept', () => {
    expectTypeOf(openaiChatAdapter.toTools([])).toExtend<NonNullable<ChatCompletionCreateParamsNonStreaming['tools']>>();
    expectTypeOf(openaiChatAdapter.toToolResultMessages([])).toExtend<ChatCompletionMessageParam[]>();
    expectTypeOf(openaiChatAdapter.toAssistantMessages).returns.toExtend<ChatCompletionMessageParam[]>();

    expectTypeOf(openaiResponsesAdapter.toTools([])).toExtend<NonNullable<ResponseCreateParamsNonStreaming['tools']>>();
    expectTypeOf(openaiResponsesAdapter.toToolResultMessages([])).toExtend<ResponseInputItem[]>();
    expectTypeOf(openaiResponsesAdapter.toAssistantMessages).returns.toExtend<ResponseInputItem[]>();

    expectTypeOf(anthropicAdapter.toTools([])).toExtend<NonNullable<MessageCreateParamsNonStreaming['tools']>>();
    expectTypeOf(anthropicAdapter.toToolResultMessages([])).toExtend<MessageParam[]>();
    expectTypeOf(anthropicAdapter.toAssistantMessages).returns.toExtend<MessageParam[]>();

    expectTypeOf(geminiAdapter.toTools([])).toExtend<GeminiTool[]>();
    expectTypeOf(geminiAdapter.toToolResultMessages([])).toExtend<Content[]>();
    expectTypeOf(geminiAdapter.toAssistantMessages).returns.toExtend<Content[]>();
    expectTypeOf<{ tools: GeminiTool[] }>().toExtend<NonNullable<GenerateContentParameters['config']>>();
  });

  it('read the SDK response types', () => {
    expectTypeOf<ChatCompletion>().toExtend<Parameters<typeof openaiChatAdapter.parseResponse>[0]>();
    expectTypeOf<Response>().toExtend<Parameters<typeof openaiResponsesAdapter.parseResponse>[0]>();
    expectTypeOf<Message>().toExtend<Parameters<typeof anthropicAdapter.parseResponse>[0]>();
    expectTypeOf(geminiAdapter.parseResponse).returns.toEqualTypeOf<ParsedTurn>();
  });

  it("refuse another provider's payloads", () => {
    const message = {} as Message;
    // @ts-expect-error An Anthropic message is not a chat completion.
    openaiChatAdapter.parseResponse(message, []);
    // @ts-expect-error A chat completion is not an Anthropic message.
    anthropicAdapter.parseResponse({} as ChatCompletion, []);
    // @ts-expect-error Tool results need the parsed request, not only the outcome.
    openaiChatAdapter.toToolResultMessages([{ outcome: { status: 'ok' } }]);
  });
});
