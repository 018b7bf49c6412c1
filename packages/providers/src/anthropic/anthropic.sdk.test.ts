// Round trip through the official SDK: the client talks to a loopback server that answers
// with the recorded fixtures, so the request body is what the SDK really sends and the
// response is what the SDK really hands back.
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { readChunkFixture, readJsonFixture } from '../../test/fixtures.js';
import type { LoopbackReply, LoopbackServer } from '../../test/loopback-server.js';
import { startLoopbackServer } from '../../test/loopback-server.js';
import { codeModeDeclarations, failedOutcome, imageOutcome, textOutcome } from '../../test/sample-tools.js';
import { assembleStream } from '../shared/assemble-stream.js';
import { anthropicAdapter } from './anthropic-adapter.js';
import { withAnthropicProgrammaticToolCalling } from './with-anthropic-programmatic-tool-calling.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const question: MessageParam = { role: 'user', content: 'What is the weather in Paris and Tokyo?' };

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientAnswering(replies: readonly LoopbackReply[]): Promise<{ client: Anthropic; server: LoopbackServer }> {
  server = await startLoopbackServer((_request, index) => replies[index] ?? { type: 'json', body: {} });
  return { client: new Anthropic({ apiKey: 'test-key', baseURL: server.origin, maxRetries: 0 }), server };
}

function requestBody(recorded: LoopbackServer, index: number): Record<string, unknown> {
  return recorded.requests[index]?.body as Record<string, unknown>;
}

describe('Anthropic Messages through the official SDK', () => {
  it('sends exactly our tools, parses the calls, and sends our results back', async () => {
    const { client, server: recorded } = await clientAnswering([
      { type: 'json', body: readJsonFixture(fixture('parallel-calls.json')) },
      { type: 'json', body: readJsonFixture(fixture('text.json')) },
    ]);
    const tools = anthropicAdapter.toTools(codeModeDeclarations);

    const message = await client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [question], tools });
    expect(recorded.requests[0]?.path).toBe('/v1/messages');
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));

    const turn = anthropicAdapter.parseResponse(message, codeModeDeclarations);
    const [paris, tokyo, exec] = turn.toolCalls;
    if (!paris || !tokyo || !exec) throw new Error('expected three calls');
    expect(exec.input).toContain('Promise.all');

    const messages: MessageParam[] = [
      question,
      ...anthropicAdapter.toAssistantMessages(message),
      ...anthropicAdapter.toToolResultMessages([
        { request: paris, outcome: imageOutcome(paris.callId) },
        { request: tokyo, outcome: failedOutcome(tokyo.callId) },
        { request: exec, outcome: textOutcome(exec.callId, 'Paris 21', 'exec') },
      ]),
    ];
    const followUp = await client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 1024, messages, tools });
    expect(requestBody(recorded, 1)['messages']).toEqual(JSON.parse(JSON.stringify(messages)));
    expect(anthropicAdapter.parseResponse(followUp, codeModeDeclarations).text).toBe('The capital of France is Paris.');
  });

  it('assembles the raw event stream the SDK parses', async () => {
    const recordedEvents = readChunkFixture<RawMessageStreamEvent>(fixture('stream-calls.chunks.txt'));
    const { client, server: recorded } = await clientAnswering([
      { type: 'sse', events: recordedEvents.map((data) => ({ event: data.type, data })) },
    ]);
    const tools = anthropicAdapter.toTools(codeModeDeclarations);

    const stream = await client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [question], tools, stream: true });
    const turn = await assembleStream(anthropicAdapter.createStreamAssembler(codeModeDeclarations), stream);

    expect(requestBody(recorded, 0)).toMatchObject({ stream: true });
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));
    const direct = anthropicAdapter.createStreamAssembler(codeModeDeclarations);
    for (const event of recordedEvents) direct.push(event);
    expect(turn).toEqual(direct.finish());
    expect(turn.toolCalls.map((call) => call.name)).toEqual(['get_weather', 'get_weather', 'exec']);
  });

  it('round-trips programmatic tool calling: allowed callers out, caller source in, caller kept in the replayed turn', async () => {
    const { client, server: recorded } = await clientAnswering([
      { type: 'json', body: readJsonFixture(fixture('programmatic-calls.json')) },
      { type: 'json', body: readJsonFixture(fixture('text.json')) },
    ]);
    const tools = withAnthropicProgrammaticToolCalling(anthropicAdapter.toTools(codeModeDeclarations), {
      callable: ['get_weather', 'search_docs'],
    });

    const message = await client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [question], tools });
    expect(JSON.stringify(requestBody(recorded, 0)['tools'])).toBe(JSON.stringify(tools));

    const turn = anthropicAdapter.parseResponse(message, codeModeDeclarations);
    expect(turn.toolCalls.map((call) => call.source.type)).toEqual(['provider_code', 'provider_code', 'model']);

    const results = anthropicAdapter.toToolResultMessages(
      turn.toolCalls.map((call) => ({ request: call, outcome: textOutcome(call.callId, 'ok', call.name) })),
    );
    await client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 1024,
      container: message.container?.id ?? null,
      messages: [question, ...anthropicAdapter.toAssistantMessages(message), ...results],
      tools,
    });
    const sent = requestBody(recorded, 1);
    expect(sent['container']).toBe('container_011CWqJ4tXkW9z2aRmBvNq7P');
    const [, assistant, user] = sent['messages'] as Array<{ role: string; content: Array<Record<string, unknown>> }>;
    // The assistant turn goes back as received: the code execution and each call's caller.
    expect(assistant?.content).toEqual(JSON.parse(JSON.stringify(message.content)));
    expect(assistant?.content.filter((block) => block['type'] === 'tool_use').map((block) => block['caller'])).toEqual([
      { type: 'code_execution_20250825', tool_id: 'srvtoolu_01EuDq3NcPx8KdF2gAw9Lm4Z' },
      { type: 'code_execution_20250825', tool_id: 'srvtoolu_01EuDq3NcPx8KdF2gAw9Lm4Z' },
      { type: 'direct' },
    ]);
    // The reply to programmatic calls holds tool_result blocks only.
    expect(user?.content.map((block) => block['type'])).toEqual(['tool_result', 'tool_result', 'tool_result']);
  });
});
