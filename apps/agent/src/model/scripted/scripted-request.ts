import type { OpenAIChatWire } from '@toolcell/providers/openai-chat';
import { openaiChatAdapter } from '@toolcell/providers/openai-chat';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { chatCompletion } from '../../mock-server/chat-completions.js';
import { openaiChatRequest } from '../openai-chat-request.js';
import type { ProviderRequest } from '../provider-conversation.js';
import type { ScriptedResponder } from './scripted-responder.js';

/**
 * The built-in scripted model. It speaks the OpenAI Chat Completions format in process:
 * each request body is answered by the responder, turned into a `ChatCompletion` exactly
 * as the mock server would send it, and parsed by the same adapter as a real response, so
 * tokens are counted on a realistic request body.
 */
export function scriptedRequest(options: { readonly model: string; readonly responder: ScriptedResponder }): ProviderRequest<OpenAIChatWire, ChatCompletionCreateParamsNonStreaming> {
  let requests = 0;
  return openaiChatRequest({
    model: options.model,
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
  });
}
