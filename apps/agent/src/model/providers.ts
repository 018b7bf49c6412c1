import type { ToolDeclaration } from '@toolcell/core';
import { anthropicAdapter } from '@toolcell/providers/anthropic';
import { geminiAdapter } from '@toolcell/providers/gemini';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import { openaiResponsesAdapter } from '@toolcell/providers/openai-responses';
import type { ProviderChoice } from '../config/toolcell-config.js';
import type { ConversationStart, ModelConversation } from './model-client.js';
import type { ProviderConnection } from './provider-connection.js';
import { conversationsOver } from './provider-conversation.js';

/** Starts a conversation with a system prompt and the person's task. */
export type StartConversation = (options: ConversationStart) => ModelConversation;

/** Everything the app knows about one provider choice, in one row. */
export interface ProviderEntry {
  /** The wire format it speaks, for people (`inspect`). */
  readonly format: string;
  /** The model used when `--model` is not given. */
  readonly defaultModel: string;
  /** Where the API key is read from (the first variable that is set wins); none for `scripted`. */
  readonly apiKeyVariables: readonly string[];
  /** Whether running without a key is an error (a local compatible server often needs none). */
  readonly apiKeyRequired: boolean;
  /** Whether `--base-url` must be given. */
  readonly baseUrlRequired: boolean;
  /** Its adapter, for the provider-format tool list (no client or API key needed). */
  readonly adapter: { toTools(declarations: readonly ToolDeclaration[]): unknown[] };
  /** Connect; provider SDKs are loaded only here, so the scripted model starts fast. */
  connect(connection: ProviderConnection): Promise<StartConversation>;
}

async function openaiChat(connection: ProviderConnection): Promise<StartConversation> {
  const [{ openaiChatRequest }, { openaiChatTransport }] = await Promise.all([import('./openai-chat-request.js'), import('./openai-chat-transport.js')]);
  return conversationsOver(openaiChatRequest({ model: connection.model, transport: openaiChatTransport(connection) }));
}

/** The provider choices: one row each, read by `createModelClient` and `inspect`. */
export const PROVIDERS: Readonly<Record<ProviderChoice, ProviderEntry>> = {
  scripted: {
    format: 'OpenAI Chat Completions',
    defaultModel: 'scripted',
    apiKeyVariables: [],
    apiKeyRequired: false,
    baseUrlRequired: false,
    adapter: openaiChatAdapter,
    connect: async ({ model, responder }) => {
      const { scriptedRequest } = await import('./scripted/scripted-request.js');
      return conversationsOver(scriptedRequest({ model, responder }));
    },
  },
  openai: {
    format: 'OpenAI Chat Completions',
    defaultModel: 'gpt-4.1',
    apiKeyVariables: ['OPENAI_API_KEY'],
    apiKeyRequired: true,
    baseUrlRequired: false,
    adapter: openaiChatAdapter,
    connect: openaiChat,
  },
  'openai-compatible': {
    format: 'OpenAI Chat Completions',
    defaultModel: 'default',
    apiKeyVariables: ['OPENAI_COMPATIBLE_API_KEY', 'OPENAI_API_KEY'],
    apiKeyRequired: false,
    baseUrlRequired: true,
    adapter: openaiChatAdapter,
    connect: openaiChat,
  },
  'openai-responses': {
    format: 'OpenAI Responses',
    defaultModel: 'gpt-4.1',
    apiKeyVariables: ['OPENAI_API_KEY'],
    apiKeyRequired: true,
    baseUrlRequired: false,
    adapter: openaiResponsesAdapter,
    connect: async (connection) => conversationsOver((await import('./openai-responses-request.js')).openaiResponsesRequest(connection)),
  },
  anthropic: {
    format: 'Anthropic Messages',
    defaultModel: 'claude-sonnet-4-5',
    apiKeyVariables: ['ANTHROPIC_API_KEY'],
    apiKeyRequired: true,
    baseUrlRequired: false,
    adapter: anthropicAdapter,
    connect: async (connection) => conversationsOver((await import('./anthropic-request.js')).anthropicRequest(connection)),
  },
  gemini: {
    format: 'Gemini generateContent',
    defaultModel: 'gemini-2.5-flash',
    apiKeyVariables: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'],
    apiKeyRequired: true,
    baseUrlRequired: false,
    adapter: geminiAdapter,
    connect: async (connection) => conversationsOver((await import('./gemini-request.js')).geminiRequest(connection)),
  },
};
