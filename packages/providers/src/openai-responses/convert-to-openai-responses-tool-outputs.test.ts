// What only the Responses API has; the recorded requests every adapter matches are in provider-contract.results.test.ts.
import { MODEL_SOURCE, jsonOutput } from '@toolcell/core';
import type { CallOutcome } from '@toolcell/core';
import type { Response, ResponseInputItem } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { codeModeDeclarations, textOutcome, weatherRequest } from '../../test/sample-tools.js';
import { convertToOpenAIResponsesToolOutputs } from './convert-to-openai-responses-tool-outputs.js';
import { parseOpenAIResponsesResponse } from './parse-openai-responses-response.js';

const CALL_ID = 'call_kT3vX9mQ2pL7sR4nW8yB1cD5';
const request = weatherRequest(CALL_ID);

function recordedInput(name: string): ResponseInputItem[] {
  return readJsonFixture<{ input: ResponseInputItem[] }>(new URL(`./__fixtures__/${name}`, import.meta.url)).input;
}

describe('convertToOpenAIResponsesToolOutputs', () => {
  it('sends text as the output string', () => {
    expect(convertToOpenAIResponsesToolOutputs([{ request, outcome: textOutcome(CALL_ID, '21 °C') }])).toEqual([
      { type: 'function_call_output', call_id: CALL_ID, output: '21 °C' },
    ]);
  });

  it('answers a custom tool call with a custom_tool_call_output', () => {
    const execRequest = { callId: 'call_exec', name: 'exec', source: MODEL_SOURCE, input: 'text("hi")' };
    expect(convertToOpenAIResponsesToolOutputs([{ request: execRequest, outcome: textOutcome('call_exec', 'hi', 'exec') }])).toEqual([
      { type: 'custom_tool_call_output', call_id: 'call_exec', output: 'hi' },
    ]);
  });

  it('echoes the program caller of programmatic calls unchanged (recorded request)', () => {
    const response = readJsonFixture<Response>(new URL('./__fixtures__/programmatic-calls.json', import.meta.url));
    const calls = parseOpenAIResponsesResponse(response, codeModeDeclarations).toolCalls;
    const outcomes: CallOutcome[] = [
      { status: 'ok', callId: 'call_Jk1Lm2No3Pq4Rs5Tu6Vw7Xy8', toolName: 'get_weather', output: { ...jsonOutput({ temperature: 19 }), wire: { projection: 'wire', content: [{ type: 'text', text: '{"temperature":19}' }] } } },
      { status: 'ok', callId: 'call_Za9Yb8Xc7Wd6Ve5Uf4Tg3Sh2', toolName: 'get_weather', output: { ...jsonOutput({ temperature: 23 }), wire: { projection: 'wire', content: [{ type: 'text', text: '{"temperature":23}' }] } } },
      textOutcome('call_Ri1Qj2Pk3Ol4Nm5Mn6Lo7Kp8', 'No results.', 'search_docs'),
    ];
    const results = calls.map((call, index) => ({ request: call, outcome: outcomes[index] as CallOutcome }));
    expect(convertToOpenAIResponsesToolOutputs(results)).toEqual(recordedInput('programmatic-results.request.json'));
  });
});
