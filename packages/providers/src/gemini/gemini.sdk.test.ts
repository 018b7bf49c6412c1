// Round trip through the official SDK: the client talks to a loopback server that answers
// with the recorded fixtures, so the request body is what the SDK really sends and the
// response is what the SDK really hands back.
import { GoogleGenAI } from '@google/genai';
import type { Content, GenerateContentResponse } from '@google/genai';
import { afterEach, describe, expect, it } from 'vitest';
import { readChunkFixture, readJsonFixture } from '../../test/fixtures.js';
import type { LoopbackReply, LoopbackServer } from '../../test/loopback-server.js';
import { startLoopbackServer } from '../../test/loopback-server.js';
import { codeModeDeclarations, failedOutcome, imageOutcome, textOutcome } from '../../test/sample-tools.js';
import { assembleStream } from '../shared/assemble-stream.js';
import { geminiAdapter } from './gemini-adapter.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const question: Content = { role: 'user', parts: [{ text: 'What is the weather in Paris and Tokyo?' }] };

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientAnswering(replies: readonly LoopbackReply[]): Promise<{ client: GoogleGenAI; server: LoopbackServer }> {
  server = await startLoopbackServer((_request, index) => replies[index] ?? { type: 'json', body: {} });
  return { client: new GoogleGenAI({ apiKey: 'test-key', httpOptions: { baseUrl: server.origin } }), server };
}

function requestBody(recorded: LoopbackServer, index: number): Record<string, unknown> {
  return recorded.requests[index]?.body as Record<string, unknown>;
}

describe('Gemini generateContent through the official SDK', () => {
  it('sends exactly our tools, parses the calls, and sends our function responses back', async () => {
    const { client, server: recorded } = await clientAnswering([
      { type: 'json', body: readJsonFixture(fixture('parallel-calls.json')) },
      { type: 'json', body: readJsonFixture(fixture('text.json')) },
    ]);
    const tools = geminiAdapter.toTools(codeModeDeclarations);

    const response = await client.models.generateContent({ model: 'gemini-2.5-flash', contents: [question], config: { tools } });
    expect(recorded.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));

    const turn = geminiAdapter.parseResponse(response, codeModeDeclarations);
    const [paris, tokyo, exec] = turn.toolCalls;
    if (!paris || !tokyo || !exec) throw new Error('expected three calls');
    expect(exec.input).toContain('Promise.all');

    const contents: Content[] = [
      question,
      ...geminiAdapter.toAssistantMessages(response),
      ...geminiAdapter.toToolResultMessages([
        { request: paris, outcome: imageOutcome(paris.callId) },
        { request: tokyo, outcome: failedOutcome(tokyo.callId) },
        { request: exec, outcome: textOutcome(exec.callId, 'Paris 21', 'exec') },
      ]),
    ];
    const followUp = await client.models.generateContent({ model: 'gemini-2.5-flash', contents, config: { tools } });
    expect(requestBody(recorded, 1)['contents']).toEqual(JSON.parse(JSON.stringify(contents)));
    // The model turn goes back with its thought signature, as Gemini requires.
    expect(JSON.stringify(requestBody(recorded, 1)['contents'])).toContain('"thoughtSignature"');
    expect(geminiAdapter.parseResponse(followUp, codeModeDeclarations).text).toBe('The capital of France is Paris.');
  });

  it('assembles the chunks the SDK parses from the server-sent event stream', async () => {
    const recordedChunks = readChunkFixture<GenerateContentResponse>(fixture('stream-calls.chunks.txt'));
    const { client, server: recorded } = await clientAnswering([{ type: 'sse', events: recordedChunks.map((data) => ({ data })) }]);
    const tools = geminiAdapter.toTools(codeModeDeclarations);

    const stream = await client.models.generateContentStream({ model: 'gemini-2.5-flash', contents: [question], config: { tools } });
    const turn = await assembleStream(geminiAdapter.createStreamAssembler(codeModeDeclarations), stream);

    expect(recorded.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));
    const direct = geminiAdapter.createStreamAssembler(codeModeDeclarations);
    for (const chunk of recordedChunks) direct.push(chunk);
    expect(turn).toEqual(direct.finish());
    expect(turn.toolCalls.map((call) => call.name)).toEqual(['get_weather', 'get_weather', 'exec']);
  });
});
