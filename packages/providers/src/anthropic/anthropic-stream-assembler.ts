import type { ToolDeclaration } from '@toolcell/core';
import type { StreamAssembler } from '../shared/provider-adapter.js';
import { streamAssembler } from '../shared/streamed-turn.js';
import type { RawMessageStreamEvent } from './anthropic-api.js';
import { mapAnthropicCaller } from './map-anthropic-caller.js';

/**
 * An assembler for a streamed Messages API response (`stream: true`, raw events). A
 * `tool_use` block starts a call; its input arrives as `input_json_delta` pieces addressed
 * by the block index, between text blocks and other calls.
 */
export function createAnthropicStreamAssembler(declarations: readonly ToolDeclaration[]): StreamAssembler<RawMessageStreamEvent> {
  return streamAssembler<RawMessageStreamEvent, number>(declarations, (event, turn) => {
    if (event.type === 'content_block_start') {
      const block = event.content_block;
      if (block.type === 'text') turn.addText(block.text);
      if (block.type === 'tool_use') {
        // The input arrives as deltas; the block's own `input` is an empty placeholder.
        turn.startCall(event.index, { callId: block.id, name: block.name, kind: 'function', text: '', ...mapAnthropicCaller(block.caller) });
      }
    } else if (event.type === 'content_block_delta') {
      if (event.delta.type === 'text_delta') turn.addText(event.delta.text);
      if (event.delta.type === 'input_json_delta') turn.calls.append(event.index, event.delta.partial_json);
    } else if (event.type === 'message_delta' && event.delta.stop_reason !== null) {
      turn.stop(event.delta.stop_reason);
    }
  });
}
