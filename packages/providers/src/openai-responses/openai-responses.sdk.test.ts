// Round trip through the official SDK: the client talks to a loopback server that answers
// with the recorded fixtures, so the request body is what the SDK really sends and the
// response is what the SDK really hands back.
import OpenAI from 'openai';
import type { ResponseInputItem, ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterEach, describe, expect, it } from 'vitest';
import { readChunkFixture, readJsonFixture } from '../../test/fixtures.js';
import type { LoopbackReply, LoopbackServer } from '../../test/loopback-server.js';
import { startLoopbackServer } from '../../test/loopback-server.js';
import { codeModeDeclarations, imageOutcome, textOutcome } from '../../test/sample-tools.js';
import { assembleStream } from '../shared/assemble-stream.js';
import { openaiResponsesAdapter } from './openai-responses-adapter.js';
import { withOpenAIProgrammaticToolCalling } from './with-openai-programmatic-tool-calling.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const question: ResponseInputItem = { role: 'user', content: 'What is the weather in Paris and Tokyo?' };

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientAnswering(replies: readonly LoopbackReply[]): Promise<{ client: OpenAI; server: LoopbackServer }> {
  server = await startLoopbackServer((_request, index) => replies[index] ?? { type: 'json', body: {} });
  return { client: new OpenAI({ apiKey: 'test-key', baseURL: `${server.origin}/v1`, maxRetries: 0 }), server };
}

function requestBody(recorded: LoopbackServer, index: number): Record<string, unknown> {
  return recorded.requests[index]?.body as Record<string, unknown>;
}

describe('OpenAI Responses through the official SDK', () => {
  it('sends exactly our tools (exec as a custom tool), parses the calls, and sends our outputs back', async () => {
    const { client, server: recorded } = await clientAnswering([
      { type: 'json', body: readJsonFixture(fixture('parallel-calls.json')) },
      { type: 'json', body: readJsonFixture(fixture('text.json')) },
    ]);
    const tools = openaiResponsesAdapter.toTools(codeModeDeclarations);

    const response = await client.responses.create({ model: 'gpt-5', input: [question], tools });
    expect(recorded.requests[0]?.path).toBe('/v1/responses');
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));

    const turn = openaiResponsesAdapter.parseResponse(response, codeModeDeclarations);
    expect(turn.toolCalls.map((call) => [call.name, call.args ?? call.input])).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Tokyo' }],
      ['exec', expect.stringContaining('Promise.all')],
    ]);

    const [paris, tokyo, exec] = turn.toolCalls;
    if (!paris || !tokyo || !exec) throw new Error('expected three calls');
    const outputs = openaiResponsesAdapter.toToolResultMessages([
      { request: paris, outcome: imageOutcome(paris.callId) },
      { request: tokyo, outcome: textOutcome(tokyo.callId, '18 °C') },
      { request: exec, outcome: textOutcome(exec.callId, 'Paris 21, Tokyo 18', 'exec') },
    ]);
    const input: ResponseInputItem[] = [question, ...openaiResponsesAdapter.toAssistantMessages(response), ...outputs];
    const followUp = await client.responses.create({ model: 'gpt-5', input, tools });
    expect(requestBody(recorded, 1)['input']).toEqual(JSON.parse(JSON.stringify(input)));
    expect((requestBody(recorded, 1)['input'] as unknown[]).slice(-3)).toEqual(JSON.parse(JSON.stringify(outputs)));
    expect(openaiResponsesAdapter.parseResponse(followUp, codeModeDeclarations).text).toBe('The capital of France is Paris.');
  });

  it('assembles the event stream the SDK parses', async () => {
    const recordedEvents = readChunkFixture<ResponseStreamEvent>(fixture('stream-calls.chunks.txt'));
    const { client, server: recorded } = await clientAnswering([
      { type: 'sse', events: recordedEvents.map((data) => ({ event: data.type, data })) },
    ]);
    const tools = openaiResponsesAdapter.toTools(codeModeDeclarations);

    const stream = await client.responses.create({ model: 'gpt-5', input: [question], tools, stream: true });
    const turn = await assembleStream(openaiResponsesAdapter.createStreamAssembler(codeModeDeclarations), stream);

    expect(requestBody(recorded, 0)).toMatchObject({ stream: true });
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));
    const direct = openaiResponsesAdapter.createStreamAssembler(codeModeDeclarations);
    for (const event of recordedEvents) direct.push(event);
    expect(turn).toEqual(direct.finish());
    expect(turn.toolCalls.map((call) => call.name)).toEqual(['get_weather', 'get_weather', 'exec']);
  });

  it('round-trips programmatic tool calling: allowed callers out, caller source in, caller echoed back', async () => {
    const { client, server: recorded } = await clientAnswering([
      { type: 'json', body: readJsonFixture(fixture('programmatic-calls.json')) },
      { type: 'json', body: readJsonFixture(fixture('text.json')) },
    ]);
    const tools = withOpenAIProgrammaticToolCalling(openaiResponsesAdapter.toTools(codeModeDeclarations), {
      callable: ['get_weather', 'search_docs'],
    });

    const response = await client.responses.create({ model: 'gpt-5', input: [question], tools });
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));

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
    const sent = requestBody(recorded, 1)['input'] as Array<Record<string, unknown>>;
    // The program item goes back as it came (fingerprint included), and each output names its caller.
    expect(sent.find((item) => item['type'] === 'program')).toEqual(response.output.find((item) => item.type === 'program'));
    expect(sent.filter((item) => item['type'] === 'function_call_output').map((item) => item['caller'])).toEqual([
      { type: 'program', caller_id: 'call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1' },
      { type: 'program', caller_id: 'call_prog_Zy8Xw7Vu6Ts5Rq4Po3Nm2Lk1' },
      undefined,
    ]);
  });
});
