import { MODEL_SOURCE } from '@toolcell/core';
import type { ToolDeclaration } from '@toolcell/core';
import { indexDeclarations } from '../shared/declaration-index.js';
import { PendingToolCalls } from '../shared/pending-tool-calls.js';
import type { StreamAssembler, StreamUpdate } from '../shared/provider-adapter.js';
import type { ChatCompletionChunk } from './openai-chat-api.js';

/**
 * An assembler for a streamed Chat Completions response (`stream: true`). Each call's id
 * and name arrive with its first delta and its argument JSON in pieces addressed by
 * `index`; text may arrive between them. Only the first choice is read.
 */
export function createOpenAIChatStreamAssembler(
  declarations: readonly ToolDeclaration[],
): StreamAssembler<ChatCompletionChunk> {
  const index = indexDeclarations(declarations);
  const calls = new PendingToolCalls<number>();
  let text = '';
  let stopReason: string | undefined;

  return {
    push(chunk) {
      const updates: StreamUpdate[] = [];
      for (const choice of chunk.choices) {
        if (choice.index !== 0) continue;
        const { content, tool_calls: toolCallDeltas } = choice.delta;
        if (content) {
          text += content;
          updates.push({ type: 'text-delta', text: content });
        }
        for (const delta of toolCallDeltas ?? []) {
          let call = calls.get(delta.index);
          if (!call) {
            call = calls.start(delta.index, {
              callId: delta.id ?? '',
              name: delta.function?.name ?? '',
              kind: 'function',
              text: '',
              source: MODEL_SOURCE,
            });
            updates.push({ type: 'tool-call-start', callId: call.callId, name: call.name });
          } else {
            // Later deltas normally carry only arguments; take an id or name only if still missing.
            if (call.callId === '' && delta.id) call.callId = delta.id;
            if (call.name === '' && delta.function?.name) call.name = delta.function.name;
          }
          if (delta.function?.arguments) calls.append(delta.index, delta.function.arguments);
        }
        if (choice.finish_reason) stopReason = choice.finish_reason;
      }
      return updates;
    },
    finish() {
      const turn = { text, toolCalls: calls.toRequests(index) };
      return stopReason === undefined ? turn : { ...turn, stopReason };
    },
  };
}
