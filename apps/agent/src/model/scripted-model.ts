import type { ToolDeclaration } from '@toolcell/core';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { chatCompletion } from '../mock-server/chat-completions.js';
import type { Scenario } from '../scenario/scenario.js';
import type { PlayedTurn } from '../scenario/scenario-player.js';
import { ScenarioPlayer } from '../scenario/scenario-player.js';
import type { ModelClient } from './model-client.js';
import { OpenAIChatConversation } from './openai-chat-conversation.js';

/**
 * Decides the scripted model's next answer from the request it was sent. A scenario
 * ignores the request; the demo's model reads the tool results in it.
 */
export type ScriptedResponder = (body: ChatCompletionCreateParamsNonStreaming) => PlayedTurn;

/** A responder that plays a scenario file, one turn per request. */
export function scenarioResponder(scenario: Scenario): ScriptedResponder {
  const player = new ScenarioPlayer(scenario);
  return () => player.next();
}

/**
 * The built-in scripted model. It speaks the OpenAI Chat Completions format in process:
 * each request body is answered by the responder, turned into a `ChatCompletion` exactly
 * as the mock server would send it, and parsed by the same adapter as a real response, so
 * tokens are counted on a realistic request body.
 */
export function createScriptedModelClient(options: { readonly responder: ScriptedResponder; readonly model?: string }): ModelClient {
  const model = options.model ?? 'scripted';
  let requests = 0;
  return {
    provider: 'scripted',
    model,
    toTools: (declarations: readonly ToolDeclaration[]) => openaiChatAdapter.toTools(declarations),
    startConversation: ({ system, task }) =>
      new OpenAIChatConversation({
        model,
        system,
        task,
        transport: async (body, { declarations, signal, onUpdate }) => {
          signal?.throwIfAborted();
          requests += 1;
          const played = options.responder(body);
          const turn = openaiChatAdapter.parseResponse(chatCompletion(played, body, `chatcmpl-scripted-${requests}`), declarations);
          if (onUpdate) {
            if (turn.text !== '') onUpdate({ type: 'text-delta', text: turn.text });
            for (const call of turn.toolCalls) onUpdate({ type: 'tool-call-start', callId: call.callId, name: call.name });
          }
          return turn;
        },
      }),
  };
}
