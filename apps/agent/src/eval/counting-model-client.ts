import type { TokenCounter } from '@toolcell/sdkgen';
import { loadTokenCounter } from '@toolcell/sdkgen';
import type { ModelClient, ModelTurn } from '../model/model-client.js';
import type { ProviderUsage } from './eval-run.js';

/** The o200k tokens of what the model sent back: its text and its calls. */
export function responseTokens(turn: ModelTurn, countTokens: TokenCounter): number {
  const calls = turn.toolCalls.map((call) => ({ name: call.name, ...(call.input === undefined ? { arguments: call.args ?? {} } : { input: call.input }) }));
  return countTokens(turn.text) + (calls.length === 0 ? 0 : countTokens(JSON.stringify(calls)));
}

/** What a {@link countingModelClient} has counted so far. */
export interface ResponseCounts {
  readonly tokensReceived: number;
  /** The provider's usage summed over the requests, `null` when it reported none. */
  readonly providerUsage: ProviderUsage | null;
}

/** A client that adds up, for the run it is used in, the tokens of every response and the provider's usage. */
export function countingModelClient(client: ModelClient): { readonly client: ModelClient; counts(): ResponseCounts } {
  let tokensReceived = 0;
  let providerUsage: ProviderUsage | null = null;
  return {
    client: {
      ...client,
      toTools: (declarations) => client.toTools(declarations),
      startConversation(options) {
        const conversation = client.startConversation(options);
        return {
          async send(request) {
            const turn = await conversation.send(request);
            tokensReceived += responseTokens(turn, await loadTokenCounter());
            if (turn.usage) {
              providerUsage = {
                inputTokens: (providerUsage?.inputTokens ?? 0) + turn.usage.inputTokens,
                outputTokens: (providerUsage?.outputTokens ?? 0) + turn.usage.outputTokens,
              };
            }
            return turn;
          },
          addToolResults: (results) => conversation.addToolResults(results),
          addUserMessage: (text) => conversation.addUserMessage(text),
          history: () => conversation.history(),
        };
      },
    },
    counts: () => ({ tokensReceived, providerUsage }),
  };
}
