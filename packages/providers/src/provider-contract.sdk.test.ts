// Round trips through each official SDK, the same for every adapter: the client talks to a
// loopback server that answers with the recorded fixtures, so the request body is what the
// SDK really sends and the response is what the SDK really hands back.
import { describe, expect, it } from 'vitest';
import { readChunkFixture, readJsonFixture } from '../test/fixtures.js';
import { loopbackServerPerTest, recordedReplies, requestBody, serverSentEvents } from '../test/loopback-per-test.js';
import { providerRows } from '../test/provider-cases.js';
import { codeModeDeclarations, failedOutcome, imageOutcome, textOutcome } from '../test/sample-tools.js';
import { assembleStream } from './shared/assemble-stream.js';
import type { ParsedTurn } from './shared/provider-adapter.js';

const loopback = loopbackServerPerTest();
const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe.each(providerRows())('%s through the official SDK', (_provider, { adapter, fixture, historyField, receivedTurn, sdk }) => {
  it('sends exactly our tools, parses the calls, and sends the turn as received and our results back', async () => {
    const server = await loopback.answering(recordedReplies(fixture('parallel-calls.json'), fixture('text.json')));
    const tools = adapter.toTools(codeModeDeclarations);

    const response = await sdk.create(server.origin, [sdk.question], tools);
    expect(server.requests[0]?.path).toBe(sdk.paths.complete);
    expect(JSON.stringify(requestBody(server, 0)['tools'])).toBe(JSON.stringify(tools));

    const turn = adapter.parseResponse(response, codeModeDeclarations);
    expect(turn.toolCalls.map((call) => [call.name, call.args ?? call.input])).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Tokyo' }],
      ['exec', expect.stringContaining('Promise.all')],
    ]);

    const [paris, tokyo, exec] = turn.toolCalls;
    if (!paris || !tokyo || !exec) throw new Error('expected three calls');
    const results = adapter.toToolResultMessages([
      { request: paris, outcome: imageOutcome(paris.callId) },
      { request: tokyo, outcome: failedOutcome(tokyo.callId) },
      { request: exec, outcome: textOutcome(exec.callId, 'Paris 21, Tokyo 18', 'exec') },
    ]);
    const history = [sdk.question, ...adapter.toAssistantMessages(response), ...results];
    const followUp = await sdk.create(server.origin, history, tools);
    expect(requestBody(server, 1)[historyField]).toEqual(json(history));
    const received = receivedTurn(readJsonFixture(fixture('parallel-calls.json')));
    expect(requestBody(server, 1)[historyField]).toEqual(json([sdk.question, ...received, ...results]));
    expect(adapter.parseResponse(followUp, codeModeDeclarations)).toEqual(readJsonFixture<ParsedTurn>(fixture('text.turn.json')));
  });

  it('assembles the stream the SDK parses from server-sent events', async () => {
    const chunks = readChunkFixture(fixture('stream-calls.chunks.txt'));
    const server = await loopback.answering([serverSentEvents(chunks, sdk.streaming)]);
    const tools = adapter.toTools(codeModeDeclarations);

    const stream = await sdk.stream(server.origin, [sdk.question], tools);
    const turn = await assembleStream(adapter.createStreamAssembler(codeModeDeclarations), stream);

    expect(server.requests[0]?.path).toBe(sdk.paths.stream);
    expect(requestBody(server, 0)['stream']).toBe(sdk.streaming.flag);
    expect(JSON.stringify(requestBody(server, 0)['tools'])).toBe(JSON.stringify(tools));
    expect(turn).toEqual(readJsonFixture<ParsedTurn>(fixture('stream-calls.turn.json')));
    expect(turn.toolCalls.map((call) => call.name)).toEqual(['get_weather', 'get_weather', 'exec']);
  });
});
