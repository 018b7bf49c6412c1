import type { ParsedTurn, ProviderAdapter, ProviderWire, ToolCallResult } from '@toolcell/providers';
import type { ConversationStart, ModelConversation, ModelRequestOptions, ModelTurn, ModelUsage } from './model-client.js';

/** One entry of a provider's history: a message, or one that carries tool results back. */
export type HistoryEntry<Wire extends ProviderWire> = Wire['message'] | Wire['resultMessage'];

/** What one request to a provider gave back. */
export interface ProviderReply<Wire extends ProviderWire> {
  readonly turn: ParsedTurn & { readonly usage?: ModelUsage };
  /** The entries that record the assistant's answer in the history. */
  readonly assistant: readonly Wire['message'][];
}

/**
 * How one provider is spoken to: the history it starts from, the request body for a
 * history and tool list, and the call that sends it. The conversation does the rest.
 */
export interface ProviderRequest<Wire extends ProviderWire, Body> {
  readonly adapter: ProviderAdapter<Wire>;
  /** The history before the first request (the task, and the system prompt where it is a message). */
  start(options: { readonly system: string; readonly task: string }): HistoryEntry<Wire>[];
  /** The request body, exactly as counted and shown (no signal in it). */
  body(options: { readonly system: string; readonly history: HistoryEntry<Wire>[]; readonly tools: Wire['tool'][] }): Body;
  /** Send the body. */
  send(body: Body, request: ModelRequestOptions): Promise<ProviderReply<Wire>>;
  /** Append the host's text as the user (default: one user message from {@link userMessage}). */
  addUserText?(history: HistoryEntry<Wire>[], text: string): void;
  /** One user message carrying `text`. */
  userMessage(text: string): Wire['message'];
}

/** A conversation with any provider, kept in that provider's own message format. */
export class ProviderConversation<Wire extends ProviderWire, Body> implements ModelConversation {
  private readonly entries: HistoryEntry<Wire>[];

  constructor(
    private readonly request: ProviderRequest<Wire, Body>,
    private readonly system: string,
    task: string,
    saved?: readonly unknown[],
  ) {
    // A saved history is trusted as this provider's own format: it was written by `history()`.
    this.entries = saved === undefined ? request.start({ system, task }) : (structuredClone(saved) as HistoryEntry<Wire>[]);
  }

  async send(options: ModelRequestOptions): Promise<ModelTurn> {
    const tools = this.request.adapter.toTools(options.declarations);
    const body = this.request.body({ system: this.system, history: structuredClone(this.entries), tools });
    const { turn, assistant } = await this.request.send(body, options);
    this.entries.push(...assistant);
    return { ...turn, requestBody: body };
  }

  addToolResults(results: readonly ToolCallResult[]): void {
    this.entries.push(...this.request.adapter.toToolResultMessages(results));
  }

  addUserMessage(text: string): void {
    if (this.request.addUserText) this.request.addUserText(this.entries, text);
    else this.entries.push(this.request.userMessage(text));
  }

  history(): unknown[] {
    return structuredClone(this.entries);
  }
}

/** Start conversations over one provider request. */
export function conversationsOver<Wire extends ProviderWire, Body>(
  request: ProviderRequest<Wire, Body>,
): (options: ConversationStart) => ModelConversation {
  return ({ system, task, history }) => new ProviderConversation(request, system, task, history);
}
