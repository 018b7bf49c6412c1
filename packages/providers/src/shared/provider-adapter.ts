import type { CallOutcome, ToolCallRequest, ToolDeclaration } from '@toolcell/core';

/**
 * The providers this package adapts. The two with provider-hosted code execution
 * (`openai-responses`, `anthropic`) also use it as the `provider` of a `provider_code`
 * call source.
 */
export type ProviderName = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

/** What one model response asked for, in toolcell's terms. */
export interface ParsedTurn {
  /** The assistant's visible text, in order (reasoning and thought summaries excluded). */
  readonly text: string;
  /**
   * The tool calls, in the order the model emitted them. A call whose arguments could not
   * be read carries `argumentsError` and neither `args` nor `input`.
   */
  readonly toolCalls: readonly ToolCallRequest[];
  /** The provider's own stop reason, verbatim (`tool_calls`, `tool_use`, `STOP`, …), when it sent one. */
  readonly stopReason?: string;
}

/** A piece of the assistant's text arrived. */
export interface TextDeltaUpdate {
  /** Discriminant. */
  readonly type: 'text-delta';
  /** The new text (append it to what came before). */
  readonly text: string;
}

/** The model started a tool call; its arguments are still arriving. */
export interface ToolCallStartUpdate {
  /** Discriminant. */
  readonly type: 'tool-call-start';
  /** The provider's call id (Gemini calls without one get the id the turn will report). */
  readonly callId: string;
  /** The name the model is calling. */
  readonly name: string;
}

/** Something a stream chunk revealed, for showing progress while the turn is still arriving. */
export type StreamUpdate = TextDeltaUpdate | ToolCallStartUpdate;

/**
 * Assembles one streamed response: feed every chunk in order to `push`, then call
 * `finish` once the stream has ended. Argument deltas, interleaved text and parallel calls
 * are put back together; malformed arguments end up as `argumentsError` on that call only.
 */
export interface StreamAssembler<Chunk> {
  /** Take the next chunk; returns what it revealed (often nothing). */
  push(chunk: Chunk): readonly StreamUpdate[];
  /** The turn as assembled so far; call after the last chunk. */
  finish(): ParsedTurn;
}

/** A parsed call together with how it ended, ready to go back to the model. */
export interface ToolCallResult {
  /** The call as the adapter parsed it (its id, name and echo data are used). */
  readonly request: ToolCallRequest;
  /** How the call ended (its wire projection, error status and model context are used). */
  readonly outcome: CallOutcome;
}

/** The wire types an adapter speaks, named once so an adapter's type reads in one line. */
export interface ProviderWire {
  /** One entry of the request's tool list. */
  readonly tool: unknown;
  /** A complete (non-streamed) response. */
  readonly response: unknown;
  /** One chunk or event of a streamed response. */
  readonly chunk: unknown;
  /** One entry of the conversation a request carries (a message, an input item, a content). */
  readonly message: unknown;
  /** One message or input item that carries tool results back (a kind of `message`). */
  readonly resultMessage: unknown;
}

/**
 * One provider's adapter: wire declarations out, tool calls in, results back. Every
 * method is a pure function of its arguments; the adapter holds no state.
 *
 * @example
 * ```ts
 * const tools = adapter.toTools(declarations);
 * const turn = adapter.parseResponse(response, declarations);
 * history.push(...adapter.toAssistantMessages(response), ...adapter.toToolResultMessages(results));
 * ```
 */
export interface ProviderAdapter<Wire extends ProviderWire> {
  /** Which provider this adapter speaks to. */
  readonly provider: ProviderName;
  /**
   * The provider's tool list for these declarations, in the same order, with nothing
   * added: the same declarations always give byte-identical JSON.
   *
   * @throws {@link @toolcell/core!ConfigurationError} when a function tool's input schema is not an object schema.
   */
  toTools(declarations: readonly ToolDeclaration[]): Wire['tool'][];
  /**
   * The text and tool calls of a complete response. `declarations` (the list sent with
   * the request) tell which names are freeform tools whose JSON fallback maps back to `input`.
   */
  parseResponse(response: Wire['response'], declarations: readonly ToolDeclaration[]): ParsedTurn;
  /** A fresh assembler for one streamed response. */
  createStreamAssembler(declarations: readonly ToolDeclaration[]): StreamAssembler<Wire['chunk']>;
  /**
   * The response as conversation entries for the next request, carrying back unchanged
   * what the provider requires: call ids, raw arguments, programmatic-tool-calling callers
   * and program items, thought signatures.
   */
  toAssistantMessages(response: Wire['response']): Wire['message'][];
  /** The messages (or input items) that carry these results back, in the order given. */
  toToolResultMessages(results: readonly ToolCallResult[]): Wire['resultMessage'][];
}
