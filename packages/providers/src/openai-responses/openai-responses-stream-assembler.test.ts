// What only the Responses stream has; what every assembler does alike is in provider-contract.stream.test.ts.
import type { Response, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { assembleChunks } from '../../test/assemble-chunks.js';
import { readChunkFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { createOpenAIResponsesStreamAssembler } from './openai-responses-stream-assembler.js';
import { parseOpenAIResponsesResponse } from './parse-openai-responses-response.js';

const recorded = readChunkFixture<ResponseStreamEvent>(new URL('./__fixtures__/stream-calls.chunks.txt', import.meta.url));
const assemble = (events: readonly ResponseStreamEvent[]) => assembleChunks(createOpenAIResponsesStreamAssembler(codeModeDeclarations), events).turn;

describe('createOpenAIResponsesStreamAssembler', () => {
  it('reads like the complete response the stream ends with', () => {
    const completed = recorded.at(-1) as { response: Response };
    expect(assemble(recorded)).toEqual(parseOpenAIResponsesResponse(completed.response, codeModeDeclarations));
  });

  it('assembles the same calls from deltas alone, interleaved, without done events', () => {
    const starts = recorded.filter((event) => event.type === 'response.output_item.added');
    const deltas = recorded.filter(
      (event) => event.type === 'response.function_call_arguments.delta' || event.type === 'response.custom_tool_call_input.delta',
    );
    const byItem = [2, 3, 4].map((outputIndex) => deltas.filter((event) => 'output_index' in event && event.output_index === outputIndex));
    const interleaved: ResponseStreamEvent[] = [...starts];
    for (let step = 0; byItem.some((list) => step < list.length); step += 1) {
      for (const list of byItem) {
        const event = list[step];
        if (event) interleaved.push(event);
      }
    }
    expect(assemble(interleaved).toolCalls).toEqual(assemble(recorded).toolCalls);
  });

  it('takes a finished call from output_item.done even without an added event', () => {
    const turn = assemble([
      {
        type: 'response.output_item.done',
        sequence_number: 0,
        output_index: 0,
        item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      },
    ]);
    expect(turn.toolCalls).toEqual([{ callId: 'call_1', name: 'get_weather', source: { type: 'model' }, args: { city: 'Oslo' } }]);
  });
});
