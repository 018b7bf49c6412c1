import type { ToolDeclaration } from '@toolcell/core';
import { indexDeclarations } from '../shared/declaration-index.js';
import { PendingToolCalls } from '../shared/pending-tool-calls.js';
import type { StreamAssembler, StreamUpdate } from '../shared/provider-adapter.js';
import { mapOpenAICaller } from './map-openai-caller.js';
import type { ResponseOutputItem, ResponseStreamEvent } from './openai-responses-api.js';

/**
 * An assembler for a streamed Responses API response (`stream: true`). Calls start with
 * `response.output_item.added`, grow by argument or input deltas addressed by
 * `output_index`, and are settled by the `…done` events (whose full text wins over the
 * deltas). Text deltas of message items may arrive between them.
 */
export function createOpenAIResponsesStreamAssembler(
  declarations: readonly ToolDeclaration[],
): StreamAssembler<ResponseStreamEvent> {
  const index = indexDeclarations(declarations);
  const calls = new PendingToolCalls<number>();
  let text = '';
  let stopReason: string | undefined;

  function startCall(outputIndex: number, item: ResponseOutputItem, updates: StreamUpdate[]): void {
    if (item.type !== 'function_call' && item.type !== 'custom_tool_call') return;
    if (calls.get(outputIndex)) return;
    const call = calls.start(outputIndex, {
      callId: item.call_id,
      name: item.name,
      kind: item.type === 'function_call' ? 'function' : 'freeform',
      text: '',
      ...mapOpenAICaller(item.caller),
    });
    updates.push({ type: 'tool-call-start', callId: call.callId, name: call.name });
  }

  function settle(outputIndex: number, fullText: string): void {
    const call = calls.get(outputIndex);
    if (call) call.text = fullText;
  }

  return {
    push(event) {
      const updates: StreamUpdate[] = [];
      switch (event.type) {
        case 'response.output_item.added':
          startCall(event.output_index, event.item, updates);
          break;
        case 'response.function_call_arguments.delta':
        case 'response.custom_tool_call_input.delta':
          calls.append(event.output_index, event.delta);
          break;
        case 'response.function_call_arguments.done':
          settle(event.output_index, event.arguments);
          break;
        case 'response.custom_tool_call_input.done':
          settle(event.output_index, event.input);
          break;
        case 'response.output_item.done':
          // A stream that skipped the `added` event still yields the finished call.
          startCall(event.output_index, event.item, updates);
          if (event.item.type === 'function_call') settle(event.output_index, event.item.arguments);
          if (event.item.type === 'custom_tool_call') settle(event.output_index, event.item.input);
          break;
        case 'response.output_text.delta':
          text += event.delta;
          updates.push({ type: 'text-delta', text: event.delta });
          break;
        case 'response.completed':
        case 'response.incomplete':
        case 'response.failed':
          stopReason = event.response.incomplete_details?.reason ?? event.response.status;
          break;
      }
      return updates;
    },
    finish() {
      const turn = { text, toolCalls: calls.toRequests(index) };
      return stopReason === undefined ? turn : { ...turn, stopReason };
    },
  };
}
