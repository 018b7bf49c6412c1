import type { ToolDeclaration } from '@toolcell/core';
import type { ParsedTurn, StreamUpdate, ToolCallResult } from '@toolcell/providers';
import type { ProviderChoice } from '../config/toolcell-config.js';

/** Options of one model request. */
export interface ModelRequestOptions {
  /** The declarations to send (the registry's wire view for the agent's scope). */
  readonly declarations: readonly ToolDeclaration[];
  readonly signal?: AbortSignal;
  /** Streamed text and call starts, as they arrive (providers that stream). */
  readonly onUpdate?: (update: StreamUpdate) => void;
}

/** The provider's own token counts for one request, as it reported them. */
export interface ModelUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** What one model request returned, plus the body that was sent (for counting and inspection). */
export interface ModelTurn extends ParsedTurn {
  /** The request body exactly as sent, in the provider's format. */
  readonly requestBody: unknown;
  /** Token usage, when the provider's client reports it (OpenAI Chat Completions). */
  readonly usage?: ModelUsage;
}

/**
 * One conversation with a model, kept in the provider's own message format. The agent
 * loop sends, dispatches the calls, and adds their results.
 */
export interface ModelConversation {
  /** Send the conversation so far; the assistant's answer is appended to it. */
  send(options: ModelRequestOptions): Promise<ModelTurn>;
  /** Append the results of the last turn's calls, in call order. */
  addToolResults(results: readonly ToolCallResult[]): void;
  /** Append a message from the host, as the user (news of a running cell, in push completion). */
  addUserMessage(text: string): void;
  /** The conversation so far, in the provider's message format (JSON), to continue it later. */
  history(): unknown[];
}

/** What a conversation starts from: the system prompt and the task, and the history of an earlier process to go on from. */
export interface ConversationStart {
  readonly system: string;
  readonly task: string;
  /** A conversation's `history()`, saved by an earlier process (`toolcell run --resume`). */
  readonly history?: readonly unknown[];
}

/** A model behind a provider. */
export interface ModelClient {
  readonly provider: ProviderChoice;
  readonly model: string;
  /** The provider-format tool list for these declarations (what `inspect` prints). */
  toTools(declarations: readonly ToolDeclaration[]): unknown[];
  /** Start a conversation with a system prompt and the person's task (or go on with a saved history). */
  startConversation(options: ConversationStart): ModelConversation;
}
