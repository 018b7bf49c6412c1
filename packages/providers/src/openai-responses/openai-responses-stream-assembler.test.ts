import type { Response, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { readChunkFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import type { StreamUpdate } from '../shared/provider-adapter.js';
import { createOpenAIResponsesStreamAssembler } from './openai-responses-stream-assembler.js';
import { parseOpenAIResponsesResponse } from './parse-openai-responses-response.js';

function events(name: string): ResponseStreamEvent[] {
  return readChunkFixture<ResponseStreamEvent>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

function assemble(input: readonly ResponseStreamEvent[]) {
  const assembler = createOpenAIResponsesStreamAssembler(codeModeDeclarations);
  const updates: StreamUpdate[] = input.flatMap((event) => assembler.push(event));
  return { turn: assembler.finish(), updates };
}

describe('createOpenAIResponsesStreamAssembler', () => {
  it('assembles text, two function calls and the custom exec call from their deltas', () => {
    const recorded = events('stream-calls.chunks.txt');
    const { turn, updates } = assemble(recorded);
    expect(turn).toMatchInlineSnapshot(`
      {
        "stopReason": "completed",
        "text": "Checking both cities.",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
              "unit": "celsius",
            },
            "callId": "call_Sa1Tb2Uc3Vd4We5Xf6Yg7Zh8",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "args": {
              "city": "Tokyo",
              "unit": "celsius",
            },
            "callId": "call_Ai9Bj8Ck7Dl6Em5Fn4Go3Hp2",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "callId": "call_Iq1Jr2Ks3Lt4Mu5Nv6Ow7Px8",
            "input": "const [paris, tokyo] = await Promise.all([
        tools.get_weather({ city: 'Paris' }),
        tools.get_weather({ city: 'Tokyo' }),
      ]);
      text(\`Paris \${paris.temperature}, Tokyo \${tokyo.temperature}\`);",
            "name": "exec",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
    expect(updates.filter((update) => update.type === 'tool-call-start').map((update) => update.name)).toEqual([
      'get_weather',
      'get_weather',
      'exec',
    ]);
    // The stream ends with the complete response: both readings agree.
    const completed = recorded.at(-1) as { response: Response };
    expect(turn).toEqual(parseOpenAIResponsesResponse(completed.response, codeModeDeclarations));
  });

  it('assembles the same calls from deltas alone, interleaved, without done events', () => {
    const recorded = events('stream-calls.chunks.txt');
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
    expect(assemble(interleaved).turn.toolCalls).toEqual(assemble(recorded).turn.toolCalls);
  });

  it('turns arguments cut off by max_output_tokens into INVALID_ARGS for that call only', () => {
    expect(assemble(events('stream-malformed.chunks.txt')).turn).toMatchInlineSnapshot(`
      {
        "stopReason": "max_output_tokens",
        "text": "",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
            },
            "callId": "call_Qy1Rz2Sa3Tb4Uc5Vd6We7Xf8",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "argumentsError": "The arguments are not valid JSON: {"city": "To. Send the arguments again as one complete JSON object.",
            "callId": "call_Gz9Hy8Ix7Jw6Kv5Lu4Mt3Ns2",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
  });

  it('takes a finished call from output_item.done even without an added event', () => {
    const { turn } = assemble([
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
