import { countTokens } from '@toolcell/sdkgen';
import type { ModelClient, ModelTurn } from '../model/model-client.js';

/** The o200k tokens of what the model sent back: its text and its calls. */
export function responseTokens(turn: ModelTurn): number {
  const calls = turn.toolCalls.map((call) => ({ name: call.name, ...(call.input === undefined ? { arguments: call.args ?? {} } : { input: call.input }) }));
  return countTokens(turn.text) + (calls.length === 0 ? 0 : countTokens(JSON.stringify(calls)));
}

/** A client that adds up the tokens of every response, for the run it is used in. */
export function countingReceivedTokens(client: ModelClient): { readonly client: ModelClient; received(): number } {
  let received = 0;
  return {
    client: {
      ...client,
      toTools: (declarations) => client.toTools(declarations),
      startConversation(options) {
        const conversation = client.startConversation(options);
        return {
          async send(request) {
            const turn = await conversation.send(request);
            received += responseTokens(turn);
            return turn;
          },
          addToolResults: (results) => conversation.addToolResults(results),
          addUserMessage: (text) => conversation.addUserMessage(text),
        };
      },
    },
    received: () => received,
  };
}
