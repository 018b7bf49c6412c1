// Every provider this package adapts, for the contract tests that hold for all of them.
import { anthropicCase } from './cases/anthropic-case.js';
import { geminiCase } from './cases/gemini-case.js';
import { openaiChatCase } from './cases/openai-chat-case.js';
import { openaiResponsesCase } from './cases/openai-responses-case.js';
import { anyProviderCase, providerFixture } from './provider-case.js';
import type { ProviderCase } from './provider-case.js';

export const PROVIDER_CASES: readonly ProviderCase[] = [
  anyProviderCase(openaiChatCase),
  anyProviderCase(openaiResponsesCase),
  anyProviderCase(anthropicCase),
  anyProviderCase(geminiCase),
];

/** A case with the way to its recordings. */
export type ProviderRow = ProviderCase & { fixture(name: string): URL };

/** `describe.each` rows: the provider's name (for the title) and its case. */
export function providerRows(only: (providerCase: ProviderCase) => boolean = () => true): Array<[string, ProviderRow]> {
  return PROVIDER_CASES.filter(only).map((providerCase) => {
    const { provider } = providerCase.adapter;
    return [provider, { ...providerCase, fixture: (name: string) => providerFixture(provider, name) }];
  });
}
