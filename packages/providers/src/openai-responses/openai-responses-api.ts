// Wire types of the OpenAI Responses API, taken from the official SDK. Type-only: nothing of
// the SDK is bundled, and a payload the SDK's types would reject does not compile.
import type {
  CustomTool,
  FunctionTool,
  Response,
  ResponseCustomToolCallOutput,
  ResponseFunctionToolCall,
  ResponseInputItem,
  ResponseStreamEvent,
} from 'openai/resources/responses/responses';
import type { ProviderWire } from '../shared/provider-adapter.js';

export type {
  CustomTool,
  FunctionTool,
  Response,
  ResponseCustomToolCallOutput,
  ResponseFunctionCallOutputItem,
  ResponseInputImage,
  ResponseInputItem,
  ResponseInputText,
  ResponseOutputItem,
  ResponseStreamEvent,
  Tool,
} from 'openai/resources/responses/responses';

/** A tool the adapter declares: a function tool, or a custom (freeform) tool for `exec`. */
export type OpenAIResponsesTool = FunctionTool | CustomTool;

/** The part of a complete response the adapter reads (an SDK `Response` qualifies). */
export type OpenAIResponsesResponse = Pick<Response, 'output' | 'status' | 'incomplete_details'>;

/** An input item that carries one tool result back. */
export type OpenAIResponsesResultItem = ResponseInputItem.FunctionCallOutput | ResponseCustomToolCallOutput;

/**
 * How a programmatic-tool-calling program is named as the caller of a call (`caller_id` is
 * the `call_id` of its `program` item); echoed unchanged on the call's output.
 */
export type OpenAIProgramCaller = ResponseFunctionToolCall.Program;

/** The Responses API wire types the adapter speaks. */
export interface OpenAIResponsesWire extends ProviderWire {
  readonly tool: OpenAIResponsesTool;
  readonly response: OpenAIResponsesResponse;
  readonly chunk: ResponseStreamEvent;
  readonly message: ResponseInputItem;
  readonly resultMessage: OpenAIResponsesResultItem;
}
