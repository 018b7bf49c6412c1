import type { ToolDeclaration } from '@toolcell/core';
import { anthropicAdapter } from '@toolcell/providers/anthropic';
import { geminiAdapter } from '@toolcell/providers/gemini';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import { openaiResponsesAdapter } from '@toolcell/providers/openai-responses';
import type { ProviderChoice } from '../config/toolcell-config.js';

/** The wire format each provider choice speaks, for people. */
export const PROVIDER_FORMATS: Readonly<Record<ProviderChoice, string>> = {
  scripted: 'OpenAI Chat Completions',
  openai: 'OpenAI Chat Completions',
  'openai-compatible': 'OpenAI Chat Completions',
  'openai-responses': 'OpenAI Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini generateContent',
};

/** The provider-format tool list for declarations (no client or API key needed). */
export function toProviderTools(provider: ProviderChoice, declarations: readonly ToolDeclaration[]): unknown[] {
  switch (provider) {
    case 'scripted':
    case 'openai':
    case 'openai-compatible':
      return openaiChatAdapter.toTools(declarations);
    case 'openai-responses':
      return openaiResponsesAdapter.toTools(declarations);
    case 'anthropic':
      return anthropicAdapter.toTools(declarations);
    case 'gemini':
      return geminiAdapter.toTools(declarations);
  }
}
