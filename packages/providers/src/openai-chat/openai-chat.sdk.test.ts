// Round trip through the official SDK: the client talks to a loopback server that answers
// with the recorded fixtures, so the request body is what the SDK really sends and the
// response is what the SDK really hands back.
import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import { readChunkFixture, readJsonFixture } from '../../test/fixtures.js';
import type { LoopbackReply, LoopbackServer } from '../../test/loopback-server.js';
import { startLoopbackServer } from '../../test/loopback-server.js';
import { codeModeDeclarations, imageOutcome, textOutcome } from '../../test/sample-tools.js';
import { assembleStream } from '../shared/assemble-stream.js';
import { openaiChatAdapter } from './openai-chat-adapter.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const question: ChatCompletionMessageParam = { role: 'user', content: 'What is the weather in Paris and Tokyo?' };

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

describe('OpenAI Chat Completions through the official SDK', () => {
  it('sends exactly our tools, parses the calls, and sends our results back', async () => {
    const { client, server: recorded } = await clientAnswering([
      { type: 'json', body: readJsonFixture(fixture('parallel-calls.json')) },
      { type: 'json', body: readJsonFixture(fixture('text.json')) },
    ]);
    const tools = openaiChatAdapter.toTools(codeModeDeclarations);

    const completion = await client.chat.completions.create({ model: 'gpt-4.1', messages: [question], tools });
    expect(recorded.requests[0]?.path).toBe('/v1/chat/completions');
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));

    const turn = openaiChatAdapter.parseResponse(completion, codeModeDeclarations);
    expect(turn.toolCalls.map((call) => [call.name, call.args ?? call.input])).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Tokyo' }],
      ['exec', expect.stringContaining('Promise.all')],
    ]);

    const [paris, tokyo, exec] = turn.toolCalls;
    if (!paris || !tokyo || !exec) throw new Error('expected three calls');
    const resultMessages = openaiChatAdapter.toToolResultMessages([
      { request: paris, outcome: imageOutcome(paris.callId) },
      { request: tokyo, outcome: textOutcome(tokyo.callId, '18 °C') },
      { request: exec, outcome: textOutcome(exec.callId, 'Paris 21, Tokyo 18', 'exec') },
    ]);
    const messages = [question, ...openaiChatAdapter.toAssistantMessages(completion), ...resultMessages];
    const followUp = await client.chat.completions.create({ model: 'gpt-4.1', messages, tools });
    expect(requestBody(recorded, 1)['messages']).toEqual(JSON.parse(JSON.stringify(messages)));
    // The assistant turn goes back with the tool calls exactly as received.
    expect((requestBody(recorded, 1)['messages'] as unknown[])[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: readJsonFixture<ChatCompletion>(fixture('parallel-calls.json')).choices[0]?.message.tool_calls,
    });
    expect(openaiChatAdapter.parseResponse(followUp, codeModeDeclarations).text).toBe('The capital of France is Paris.');
  });

  it('assembles the stream the SDK parses from server-sent events', async () => {
    const recordedChunks = readChunkFixture<ChatCompletionChunk>(fixture('stream-calls.chunks.txt'));
    const { client, server: recorded } = await clientAnswering([
      { type: 'sse', events: recordedChunks.map((data) => ({ data })), done: true },
    ]);
    const tools = openaiChatAdapter.toTools(codeModeDeclarations);

    const stream = await client.chat.completions.create({ model: 'gpt-4.1', messages: [question], tools, stream: true });
    const turn = await assembleStream(openaiChatAdapter.createStreamAssembler(codeModeDeclarations), stream);

    expect(requestBody(recorded, 0)).toMatchObject({ stream: true });
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));
    const direct = openaiChatAdapter.createStreamAssembler(codeModeDeclarations);
    for (const chunk of recordedChunks) direct.push(chunk);
    expect(turn).toEqual(direct.finish());
    expect(turn.toolCalls).toHaveLength(3);
  });

  it('parses a plain text answer the SDK returns', async () => {
    const { client } = await clientAnswering([{ type: 'json', body: readJsonFixture<ChatCompletion>(fixture('text.json')) }]);
    const completion = await client.chat.completions.create({ model: 'gpt-4.1', messages: [question] });
    expect(openaiChatAdapter.parseResponse(completion, [])).toEqual({
      text: 'The capital of France is Paris.',
      toolCalls: [],
      stopReason: 'stop',
    });
  });
});
