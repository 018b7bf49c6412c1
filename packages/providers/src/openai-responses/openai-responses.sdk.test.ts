// Programmatic tool calling through the official SDK, against a loopback server answering
// with the recordings; the round trips every adapter shares are in provider-contract.sdk.test.ts.
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { loopbackServerPerTest, recordedReplies, requestBody } from '../../test/loopback-per-test.js';
import { openaiResponsesCase } from '../../test/cases/openai-responses-case.js';
import { codeModeDeclarations, textOutcome } from '../../test/sample-tools.js';
import { openaiResponsesAdapter } from './openai-responses-adapter.js';
import { withOpenAIProgrammaticToolCalling } from './with-openai-programmatic-tool-calling.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const { question } = openaiResponsesCase.sdk;
const loopback = loopbackServerPerTest();

describe('OpenAI Responses through the official SDK', () => {
  it('round-trips programmatic tool calling: allowed callers out, caller source in, caller echoed back', async () => {
    const server = await loopback.answering(recordedReplies(fixture('programmatic-calls.json'), fixture('text.json')));
    const client = new OpenAI({ apiKey: 'test-key', baseURL: `${server.origin}/v1`, maxRetries: 0 });
    const tools = withOpenAIProgrammaticToolCalling(openaiResponsesAdapter.toTools(codeModeDeclarations), {
      callable: ['get_weather', 'search_docs'],
    });

    const response = await client.responses.create({ model: 'gpt-5', input: [question], tools });
    expect(JSON.stringify(requestBody(server, 0)['tools'])).toBe(JSON.stringify(tools));

    const turn = openaiResponsesAdapter.parseResponse(response, codeModeDeclarations);
    expect(turn.toolCalls.map((call) => call.source)).toEqual([
      { type: 'provider_code', provider: 'openai-responses', callerId: 'call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1' },
      { type: 'provider_code', provider: 'openai-responses', callerId: 'call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1' },
      { type: 'model' },
    ]);

    const outputs = openaiResponsesAdapter.toToolResultMessages(
      turn.toolCalls.map((call) => ({ request: call, outcome: textOutcome(call.callId, 'ok', call.name) })),
    );
    const replay = openaiResponsesAdapter.toAssistantMessages(response);
    await client.responses.create({ model: 'gpt-5', input: [question, ...replay, ...outputs], tools });
    const sent = requestBody(server, 1)['input'] as Array<Record<string, unknown>>;
    // The program item goes back as it came (fingerprint included), and each output names its caller.
    expect(sent.find((item) => item['type'] === 'program')).toEqual(response.output.find((item) => item.type === 'program'));
    expect(sent.filter((item) => item['type'] === 'function_call_output').map((item) => item['caller'])).toEqual([
      { type: 'program', caller_id: 'call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1' },
      { type: 'program', caller_id: 'call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1' },
      undefined,
    ]);
  });
});
