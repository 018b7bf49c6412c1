import type { Response } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { EXEC_CODE, codeModeDeclarations } from '../../test/sample-tools.js';
import { invalidArgumentsOutcome } from '../shared/invalid-arguments-outcome.js';
import { parseOpenAIResponsesResponse } from './parse-openai-responses-response.js';

function fixture(name: string): Response {
  return readJsonFixture<Response>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

describe('parseOpenAIResponsesResponse', () => {
  it('reads a plain text answer (reasoning items skipped)', () => {
    expect(parseOpenAIResponsesResponse(fixture('text.json'), codeModeDeclarations)).toEqual({
      text: 'The capital of France is Paris.',
      toolCalls: [],
      stopReason: 'completed',
    });
  });

  it('reads one function call', () => {
    expect(parseOpenAIResponsesResponse(fixture('one-call.json'), codeModeDeclarations)).toMatchInlineSnapshot(`
      {
        "stopReason": "completed",
        "text": "",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
              "unit": "celsius",
            },
            "callId": "call_kT3vX9mQ2pL7sR4nW8yB1cD5",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
  });

  it('reads text, parallel function calls and the custom exec call in order', () => {
    const turn = parseOpenAIResponsesResponse(fixture('parallel-calls.json'), codeModeDeclarations);
    expect(turn.text).toBe('Looking up both cities.');
    expect(turn.toolCalls.map((call) => [call.callId, call.name])).toEqual([
      ['call_aB1cD2eF3gH4iJ5kL6mN7oP8', 'get_weather'],
      ['call_qR9sT8uV7wX6yZ5aB4cD3eF2', 'get_weather'],
      ['call_gH1iJ2kL3mN4oP5qR6sT7uV8', 'exec'],
    ]);
    expect(turn.toolCalls[2]).toEqual({ callId: 'call_gH1iJ2kL3mN4oP5qR6sT7uV8', name: 'exec', source: { type: 'model' }, input: EXEC_CODE });
  });

  it('turns malformed arguments into INVALID_ARGS for that call only', () => {
    const turn = parseOpenAIResponsesResponse(fixture('malformed-arguments.json'), codeModeDeclarations);
    expect(turn.toolCalls.map((call) => invalidArgumentsOutcome(call)?.message)).toEqual([
      'The arguments are not valid JSON: {"city": "Paris", "unit": }. Send the arguments again as one complete JSON object.',
      undefined,
    ]);
    expect(turn.toolCalls[1]?.args).toEqual({ city: 'Tokyo' });
  });

  it('gives calls from a programmatic-tool-calling program a provider_code source and echoes their caller', () => {
    expect(parseOpenAIResponsesResponse(fixture('programmatic-calls.json'), codeModeDeclarations)).toMatchInlineSnapshot(`
      {
        "stopReason": "completed",
        "text": "",
        "toolCalls": [
          {
            "args": {
              "city": "West",
            },
            "callId": "call_Jk1Lm2No3Pq4Rs5Tu6Vw7Xy8",
            "echo": {
              "caller": {
                "caller_id": "call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1",
                "type": "program",
              },
            },
            "name": "get_weather",
            "source": {
              "callerId": "call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1",
              "provider": "openai-responses",
              "type": "provider_code",
            },
          },
          {
            "args": {
              "city": "East",
            },
            "callId": "call_Za9Yb8Xc7Wd6Ve5Uf4Tg3Sh2",
            "echo": {
              "caller": {
                "caller_id": "call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1",
                "type": "program",
              },
            },
            "name": "get_weather",
            "source": {
              "callerId": "call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1",
              "provider": "openai-responses",
              "type": "provider_code",
            },
          },
          {
            "args": {
              "query": "regions",
            },
            "callId": "call_Ri1Qj2Pk3Ol4Nm5Mn6Lo7Kp8",
            "name": "search_docs",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
  });

  it('reports why an incomplete response stopped', () => {
    const response = { ...fixture('text.json'), status: 'incomplete' as const, incomplete_details: { reason: 'max_output_tokens' as const } };
    expect(parseOpenAIResponsesResponse(response, []).stopReason).toBe('max_output_tokens');
  });
});
