import { MODEL_SOURCE } from '@toolcell/core';
import type { ToolDeclaration } from '@toolcell/core';
import type { StreamAssembler } from '../shared/provider-adapter.js';
import { streamAssembler } from '../shared/streamed-turn.js';
import type { ChatCompletionChunk } from './openai-chat-api.js';

/**
 * An assembler for a streamed Chat Completions response (`stream: true`). Each call's id
 * and name arrive with its first delta and its argument JSON in pieces addressed by
 * `index`; text may arrive between them. Only the first choice is read.
 */
export function createOpenAIChatStreamAssembler(declarations: readonly ToolDeclaration[]): StreamAssembler<ChatCompletionChunk> {
  return streamAssembler<ChatCompletionChunk, number>(declarations, (chunk, turn) => {
    for (const choice of chunk.choices) {
      if (choice.index !== 0) continue;
      const { content, tool_calls: toolCallDeltas } = choice.delta;
      if (content) turn.addText(content);
      for (const delta of toolCallDeltas ?? []) {
        const call = turn.calls.get(delta.index);
        if (!call) {
          turn.startCall(delta.index, { callId: delta.id ?? '', name: delta.function?.name ?? '', kind: 'function', text: '', source: MODEL_SOURCE });
        } else {
          // Later deltas normally carry only arguments; take an id or name only if still missing.
          if (call.callId === '' && delta.id) call.callId = delta.id;
          if (call.name === '' && delta.function?.name) call.name = delta.function.name;
        }
        if (delta.function?.arguments) turn.calls.append(delta.index, delta.function.arguments);
      }
      if (choice.finish_reason) turn.stop(choice.finish_reason);
    }
  });
}
