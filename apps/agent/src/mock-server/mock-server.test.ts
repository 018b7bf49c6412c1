import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { FINAL_TEXT } from '../scenario/scenario-player.js';
import { temporaryDirectory } from '../test-support/tool-context.js';
import type { MockServer } from './mock-server.js';
import { startMockServer } from './mock-server.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const SCENARIO = {
  turns: [
    { text: 'Looking.', tool_calls: [{ name: 'read_file', arguments: { path: 'a.txt' } }, { id: 'p1', name: 'exec', input: 'return 1 + 1;' }] },
    { text: 'All done.' },
  ],
};

const TOOLS: OpenAI.Chat.ChatCompletionTool[] = [
  { type: 'function', function: { name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } } },
  { type: 'function', function: { name: 'exec', parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } } },
];

async function start(record = false): Promise<{ server: MockServer; client: OpenAI; recordFile: string }> {
  const directory = temporaryDirectory();
  const recordFile = join(directory.path, 'requests.jsonl');
  const server = await startMockServer({ scenario: SCENARIO, ...(record ? { recordFile } : {}) });
  cleanups.push(() => server.close(), () => directory.dispose());
  return { server, client: new OpenAI({ baseURL: server.url, apiKey: 'test', maxRetries: 0 }), recordFile };
}

describe('mock server through the official openai SDK', () => {
  it('answers Chat Completions without streaming and records each body', async () => {
    const { server, client, recordFile } = await start(true);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: 'go' }];
    const first = await client.chat.completions.create({ model: 'm', messages, tools: TOOLS });
    const message = first.choices[0]!.message;
    expect(message.content).toBe('Looking.');
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    expect(message.tool_calls).toEqual([
      { id: 'call_0_0', type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } },
      { id: 'p1', type: 'function', function: { name: 'exec', arguments: '{"code":"return 1 + 1;"}' } },
    ]);
    const second = await client.chat.completions.create({ model: 'm', messages });
    expect(second.choices[0]!.message.content).toBe('All done.');
    const third = await client.chat.completions.create({ model: 'm', messages });
    expect(third.choices[0]!.message.content).toBe(FINAL_TEXT);
    expect(server.requests).toBe(3);
    const recorded = readFileSync(recordFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { path: string; body: { tools?: unknown } });
    expect(recorded).toHaveLength(3);
    expect(recorded[0]).toEqual({ path: '/v1/chat/completions', body: { model: 'm', messages, tools: TOOLS } });
  });

  it('streams Chat Completions in deltas the SDK reassembles', async () => {
    const { client } = await start();
    const stream = client.chat.completions.stream({ model: 'm', messages: [{ role: 'user', content: 'go' }], tools: TOOLS, stream_options: { include_usage: true } });
    let deltas = 0;
    stream.on('content', () => (deltas += 1));
    const completion = await stream.finalChatCompletion();
    expect(deltas).toBeGreaterThan(1);
    expect(completion.choices[0]!.message.content).toBe('Looking.');
    expect(completion.choices[0]!.message.tool_calls?.map((call) => call.type === 'function' && [call.id, call.function.name, call.function.arguments])).toEqual([
      ['call_0_0', 'read_file', '{"path":"a.txt"}'],
      ['p1', 'exec', '{"code":"return 1 + 1;"}'],
    ]);
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('answers the Responses API, with a custom tool for freeform input, streamed or not', async () => {
    const { client } = await start();
    const tools: OpenAI.Responses.Tool[] = [
      { type: 'function', name: 'read_file', parameters: { type: 'object', properties: { path: { type: 'string' } } }, strict: false },
      { type: 'custom', name: 'exec' },
    ];
    const response = await client.responses.create({ model: 'm', input: 'go', tools });
    expect(response.output_text).toBe('Looking.');
    expect(response.output.slice(1).map((item) => item.type === 'function_call' ? [item.type, item.call_id, item.arguments] : item.type === 'custom_tool_call' ? [item.type, item.call_id, item.input] : item.type)).toEqual([
      ['function_call', 'call_0_0', '{"path":"a.txt"}'],
      ['custom_tool_call', 'p1', 'return 1 + 1;'],
    ]);
    const stream = client.responses.stream({ model: 'm', input: 'again', tools });
    const texts: string[] = [];
    stream.on('response.output_text.delta', (event) => texts.push(event.delta));
    const final = await stream.finalResponse();
    expect(texts.join('')).toBe('All done.');
    expect(final.output_text).toBe('All done.');
  });

  it('refuses unknown routes and bad bodies with OpenAI-style errors', async () => {
    const { server, client } = await start();
    await expect(client.embeddings.create({ model: 'm', input: 'x' })).rejects.toMatchObject({ status: 404 });
    const bad = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^the request body is not valid JSON/);
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(['toolcell-mock']);
  });
});
