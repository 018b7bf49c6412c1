import type {
  Response,
  ResponseOutputItem,
  ResponseStreamEvent,
  Tool,
} from 'openai/resources/responses/responses';
import type { PlayedTurn } from '../scenario/scenario-player.js';
import { approximateTokens } from './approximate-tokens.js';
import { pieces } from './chat-completions.js';
import { argumentText, declaredTools } from './freeform-parameter.js';

/** The parts of a Responses request body the mock server reads. */
export interface ResponsesRequestBody {
  readonly model?: string;
  readonly tools?: unknown;
  readonly stream?: boolean | null;
}

function outputItems(turn: PlayedTurn, body: ResponsesRequestBody, id: string): ResponseOutputItem[] {
  const items: ResponseOutputItem[] = [];
  if (turn.text !== '') {
    items.push({
      type: 'message',
      id: `msg_${id}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text, annotations: [] }],
    });
  }
  const declared = declaredTools(body.tools);
  turn.toolCalls.forEach((call, index) => {
    const tool = declared.get(call.name);
    if (tool?.kind === 'custom' && call.input !== undefined) {
      items.push({ type: 'custom_tool_call', id: `ctc_${id}_${index}`, call_id: call.id, name: call.name, input: call.input });
    } else {
      items.push({
        type: 'function_call',
        id: `fc_${id}_${index}`,
        call_id: call.id,
        name: call.name,
        arguments: argumentText(call, tool),
        status: 'completed',
      });
    }
  });
  return items;
}

/** A complete (non-streamed) Responses API response for one played turn. */
export function responseObject(turn: PlayedTurn, body: ResponsesRequestBody, id: string): Response {
  const input = approximateTokens(JSON.stringify(body));
  const output = approximateTokens(JSON.stringify(turn));
  return {
    id,
    object: 'response',
    created_at: Math.floor(Date.now() / 1000),
    status: 'completed',
    model: body.model ?? 'toolcell-mock',
    output: outputItems(turn, body, id),
    output_text: turn.text,
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: null,
    parallel_tool_calls: true,
    temperature: null,
    tool_choice: 'auto',
    tools: Array.isArray(body.tools) ? (body.tools as Tool[]) : [],
    top_p: null,
    usage: {
      input_tokens: input,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input + output,
    },
  };
}

/**
 * The events of a streamed Responses API response: created, then per output item its
 * `added` event, its text or argument deltas and its `done` event, then completed.
 */
export function responseEvents(turn: PlayedTurn, body: ResponsesRequestBody, id: string): ResponseStreamEvent[] {
  const complete = responseObject(turn, body, id);
  let sequence = 0;
  const events: ResponseStreamEvent[] = [
    { type: 'response.created', sequence_number: sequence++, response: { ...complete, status: 'in_progress', output: [], output_text: '' } },
  ];
  complete.output.forEach((item, outputIndex) => {
    if (item.type === 'message') {
      events.push({ type: 'response.output_item.added', sequence_number: sequence++, output_index: outputIndex, item: { ...item, status: 'in_progress', content: [] } });
      const where = { item_id: item.id, output_index: outputIndex, content_index: 0 };
      events.push({ type: 'response.content_part.added', sequence_number: sequence++, ...where, part: { type: 'output_text', text: '', annotations: [] } });
      for (const delta of pieces(turn.text)) {
        events.push({ type: 'response.output_text.delta', sequence_number: sequence++, ...where, delta, logprobs: [] });
      }
      events.push({ type: 'response.output_text.done', sequence_number: sequence++, ...where, text: turn.text, logprobs: [] });
      events.push({ type: 'response.content_part.done', sequence_number: sequence++, ...where, part: { type: 'output_text', text: turn.text, annotations: [] } });
    } else if (item.type === 'function_call') {
      events.push({ type: 'response.output_item.added', sequence_number: sequence++, output_index: outputIndex, item: { ...item, arguments: '', status: 'in_progress' } });
      for (const delta of pieces(item.arguments)) {
        events.push({ type: 'response.function_call_arguments.delta', sequence_number: sequence++, item_id: item.id ?? '', output_index: outputIndex, delta });
      }
    } else if (item.type === 'custom_tool_call') {
      events.push({ type: 'response.output_item.added', sequence_number: sequence++, output_index: outputIndex, item: { ...item, input: '' } });
      for (const delta of pieces(item.input)) {
        events.push({ type: 'response.custom_tool_call_input.delta', sequence_number: sequence++, item_id: item.id ?? '', output_index: outputIndex, delta });
      }
    }
    events.push({ type: 'response.output_item.done', sequence_number: sequence++, output_index: outputIndex, item });
  });
  events.push({ type: 'response.completed', sequence_number: sequence++, response: complete });
  return events;
}
