import type { ToolDeclaration } from '@toolcell/core';
import type { StreamAssembler } from '../shared/provider-adapter.js';
import { streamAssembler } from '../shared/streamed-turn.js';
import type { StreamedTurn } from '../shared/streamed-turn.js';
import { mapOpenAICaller } from './map-openai-caller.js';
import type { ResponseOutputItem, ResponseStreamEvent } from './openai-responses-api.js';

/**
 * An assembler for a streamed Responses API response (`stream: true`). Calls start with
 * `response.output_item.added`, grow by argument or input deltas addressed by
 * `output_index`, and are settled by the `…done` events (whose full text wins over the
 * deltas). Text deltas of message items may arrive between them.
 */
export function createOpenAIResponsesStreamAssembler(declarations: readonly ToolDeclaration[]): StreamAssembler<ResponseStreamEvent> {
  return streamAssembler<ResponseStreamEvent, number>(declarations, readEvent);
}

function readEvent(event: ResponseStreamEvent, turn: StreamedTurn<number>): void {
  switch (event.type) {
    case 'response.output_item.added':
      startCall(turn, event.output_index, event.item);
      break;
    case 'response.function_call_arguments.delta':
    case 'response.custom_tool_call_input.delta':
      turn.calls.append(event.output_index, event.delta);
      break;
    case 'response.function_call_arguments.done':
      settle(turn, event.output_index, event.arguments);
      break;
    case 'response.custom_tool_call_input.done':
      settle(turn, event.output_index, event.input);
      break;
    case 'response.output_item.done':
      // A stream that skipped the `added` event still yields the finished call.
      startCall(turn, event.output_index, event.item);
      if (event.item.type === 'function_call') settle(turn, event.output_index, event.item.arguments);
      if (event.item.type === 'custom_tool_call') settle(turn, event.output_index, event.item.input);
      break;
    case 'response.output_text.delta':
      turn.addText(event.delta);
      break;
    case 'response.completed':
    case 'response.incomplete':
    case 'response.failed':
      turn.stop(event.response.incomplete_details?.reason ?? event.response.status);
      break;
  }
}

function startCall(turn: StreamedTurn<number>, outputIndex: number, item: ResponseOutputItem): void {
  if (item.type !== 'function_call' && item.type !== 'custom_tool_call') return;
  const kind = item.type === 'function_call' ? 'function' : 'freeform';
  turn.startCall(outputIndex, { callId: item.call_id, name: item.name, kind, text: '', ...mapOpenAICaller(item.caller) });
}

function settle(turn: StreamedTurn<number>, outputIndex: number, fullText: string): void {
  const call = turn.calls.get(outputIndex);
  if (call) call.text = fullText;
}
