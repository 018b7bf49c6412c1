// Wire types of the Anthropic Messages API, taken from the official SDK. Type-only: nothing
// of the SDK is bundled, and a payload the SDK's types would reject does not compile.
import type { Message, MessageParam, RawMessageStreamEvent, Tool, UserMessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ProviderWire } from '../shared/provider-adapter.js';

export type {
  Base64ImageSource,
  CodeExecutionTool20250825,
  CodeExecutionTool20260120,
  CodeExecutionTool20260521,
  ImageBlockParam,
  Message,
  MessageParam,
  RawMessageStreamEvent,
  TextBlockParam,
  Tool,
  ToolResultBlockParam,
  ToolUnion,
  ToolUseCaller,
  UserMessageParam,
} from '@anthropic-ai/sdk/resources/messages';

/** The part of a complete response the adapter reads (an SDK `Message` qualifies). */
export type AnthropicResponse = Pick<Message, 'content' | 'stop_reason'>;

/** The code-execution tool versions whose programs can call client tools. */
export type AnthropicCodeExecutionVersion = 'code_execution_20250825' | 'code_execution_20260120' | 'code_execution_20260521';

/** The Messages API wire types the adapter speaks. */
export interface AnthropicWire extends ProviderWire {
  readonly tool: Tool;
  readonly response: AnthropicResponse;
  readonly chunk: RawMessageStreamEvent;
  readonly message: MessageParam;
  readonly resultMessage: UserMessageParam;
}
