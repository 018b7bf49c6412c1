import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { EXEC_CODE, codeModeDeclarations } from '../../test/sample-tools.js';
import { invalidArgumentsOutcome } from '../shared/invalid-arguments-outcome.js';
import { parseGeminiResponse } from './parse-gemini-response.js';

function fixture(name: string): GenerateContentResponse {
  return readJsonFixture<GenerateContentResponse>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

describe('parseGeminiResponse', () => {
  it('reads a plain text answer', () => {
    expect(parseGeminiResponse(fixture('text.json'), codeModeDeclarations)).toEqual({
      text: 'The capital of France is Paris.',
      toolCalls: [],
      stopReason: 'STOP',
    });
  });

  it('reads one call, giving it an id made from the response id', () => {
    expect(parseGeminiResponse(fixture('one-call.json'), codeModeDeclarations)).toMatchInlineSnapshot(`
      {
        "stopReason": "STOP",
        "text": "",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
              "unit": "celsius",
            },
            "callId": "n9knbPHaOqfS2elQ4eLd-BR-call-1",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
  });

  it('keeps an id Gemini did send, as the call id and as echo data', () => {
    expect(parseGeminiResponse(fixture('one-call-with-id.json'), codeModeDeclarations).toolCalls).toEqual([
      {
        callId: 'fc-7d1b3c2a-5e4f-4a6b-9c8d-0e1f2a3b4c5d',
        name: 'get_weather',
        source: { type: 'model' },
        echo: { id: 'fc-7d1b3c2a-5e4f-4a6b-9c8d-0e1f2a3b4c5d' },
        args: { city: 'Paris' },
      },
    ]);
  });

  it('reads text and parallel calls in order and maps exec { code } back to input', () => {
    const turn = parseGeminiResponse(fixture('parallel-calls.json'), codeModeDeclarations);
    expect(turn.text).toBe('Looking up both cities.');
    expect(turn.toolCalls.map((call) => [call.callId, call.name, call.args ?? call.input])).toEqual([
      ['p1mpdiJcQshU4gnS6gNf-DT-call-1', 'get_weather', { city: 'Paris' }],
      ['p1mpdiJcQshU4gnS6gNf-DT-call-2', 'get_weather', { city: 'Tokyo' }],
      ['p1mpdiJcQshU4gnS6gNf-DT-call-3', 'exec', EXEC_CODE],
    ]);
  });

  it('reports a malformed function call through the stop reason, with no calls', () => {
    expect(parseGeminiResponse(fixture('malformed-function-call.json'), codeModeDeclarations)).toEqual({
      text: '',
      toolCalls: [],
      stopReason: 'MALFORMED_FUNCTION_CALL',
    });
  });

  it('ends an exec call without its code as INVALID_ARGS, the other call unharmed', () => {
    const turn = parseGeminiResponse(fixture('exec-missing-code.json'), codeModeDeclarations);
    expect(turn.toolCalls.map((call) => invalidArgumentsOutcome(call)?.message)).toEqual([
      'exec takes {"code": string}; the "code" field is missing or not a string.',
      undefined,
    ]);
  });

  it('reads a response without candidates as an empty turn', () => {
    expect(parseGeminiResponse({}, codeModeDeclarations)).toEqual({ text: '', toolCalls: [] });
  });
});
