import type { ToolDeclaration } from '@toolcell/core';
import { indexDeclarations } from '../shared/declaration-index.js';
import { PendingToolCalls } from '../shared/pending-tool-calls.js';
import type { StreamAssembler, StreamUpdate } from '../shared/provider-adapter.js';
import type { RawMessageStreamEvent } from './anthropic-api.js';
import { mapAnthropicCaller } from './map-anthropic-caller.js';

/**
 * An assembler for a streamed Messages API response (`stream: true`, raw events). A
 * `tool_use` block starts a call; its input arrives as `input_json_delta` pieces addressed
 * by the block index, between text blocks and other calls.
 */
export function createAnthropicStreamAssembler(
  declarations: readonly ToolDeclaration[],
): StreamAssembler<RawMessageStreamEvent> {
  const index = indexDeclarations(declarations);
  const calls = new PendingToolCalls<number>();
  let text = '';
  let stopReason: string | undefined;

  return {
    push(event) {
      const updates: StreamUpdate[] = [];
      if (event.type === 'content_block_start') {
        const block = event.content_block;
        if (block.type === 'text' && block.text !== '') {
          text += block.text;
          updates.push({ type: 'text-delta', text: block.text });
        }
        if (block.type === 'tool_use') {
          // The input arrives as deltas; the block's own `input` is an empty placeholder.
          const call = calls.start(event.index, {
            callId: block.id,
            name: block.name,
            kind: 'function',
            text: '',
            ...mapAnthropicCaller(block.caller),
          });
          updates.push({ type: 'tool-call-start', callId: call.callId, name: call.name });
        }
      } else if (event.type === 'content_block_delta') {
        if (event.delta.type === 'text_delta') {
          text += event.delta.text;
          updates.push({ type: 'text-delta', text: event.delta.text });
        }
        if (event.delta.type === 'input_json_delta') calls.append(event.index, event.delta.partial_json);
      } else if (event.type === 'message_delta' && event.delta.stop_reason !== null) {
        stopReason = event.delta.stop_reason;
      }
      return updates;
    },
    finish() {
      const turn = { text, toolCalls: calls.toRequests(index) };
      return stopReason === undefined ? turn : { ...turn, stopReason };
    },
  };
}
