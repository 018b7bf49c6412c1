// Wire types of OpenAI Chat Completions, taken from the official SDK. Type-only: nothing of
// the SDK is bundled, and a payload the SDK's types would reject does not compile.
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionToolMessageParam,
  ChatCompletionUserMessageParam,
} from 'openai/resources/chat/completions';
import type { ProviderWire } from '../shared/provider-adapter.js';

export type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionContentPart,
  ChatCompletionContentPartText,
  ChatCompletionAssistantMessageParam,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
  ChatCompletionMessageToolCall,
  ChatCompletionToolMessageParam,
  ChatCompletionUserMessageParam,
} from 'openai/resources/chat/completions';

/** The part of a complete response the adapter reads (an SDK `ChatCompletion` qualifies). */
export type OpenAIChatResponse = Pick<ChatCompletion, 'choices'>;

/** A message that carries tool results back: a `tool` message, or the `user` message holding their images. */
export type OpenAIChatResultMessage = ChatCompletionToolMessageParam | ChatCompletionUserMessageParam;

/** The Chat Completions wire types the adapter speaks. */
export interface OpenAIChatWire extends ProviderWire {
  readonly tool: ChatCompletionFunctionTool;
  readonly response: OpenAIChatResponse;
  readonly chunk: ChatCompletionChunk;
  readonly message: ChatCompletionMessageParam;
  readonly resultMessage: OpenAIChatResultMessage;
}
