// What only Gemini has; what every adapter reads alike is in provider-contract.parse.test.ts.
import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { parseGeminiResponse } from './parse-gemini-response.js';

function fixture(name: string): GenerateContentResponse {
  return readJsonFixture<GenerateContentResponse>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

describe('parseGeminiResponse', () => {
  it('gives a call without an id one made from the response id', () => {
    const response = fixture('one-call.json');
    expect(parseGeminiResponse(response, codeModeDeclarations).toolCalls.map((call) => [call.callId, call.echo])).toEqual([
      [`${response.responseId}-call-1`, undefined],
    ]);
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

  it('reports a malformed function call through the stop reason, with no calls', () => {
    expect(parseGeminiResponse(fixture('malformed-function-call.json'), codeModeDeclarations)).toEqual({
      text: '',
      toolCalls: [],
      stopReason: 'MALFORMED_FUNCTION_CALL',
    });
  });
});
