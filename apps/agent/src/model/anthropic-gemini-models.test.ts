// The Anthropic and Gemini providers drive the same agent loop through their official SDKs,
// against a loopback server that plays the provider: one tool call, then a final answer.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { eventsOf, removeScenarioWorkspaces, runScenario } from '../test-support/scenario-run.js';
import { createModelClient } from './create-model-client.js';
import type { ModelClientOptions } from './create-model-client.js';

interface Recorded {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

const servers: Array<{ close(): void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  removeScenarioWorkspaces();
});

/** A 127.0.0.1 server answering the n-th request with `replies[n]`, recording each body. */
async function playProvider(replies: readonly unknown[]): Promise<{ url: string; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      requests.push({ path: request.url ?? '', body: JSON.parse(text) as Record<string, unknown> });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(replies[requests.length - 1] ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const usage = { input_tokens: 10, output_tokens: 5 };

/** Run the agent loop over the played provider: its `list_files` call (`callId`) ends ok and the answer is "one file". */
async function runListFiles(options: Omit<ModelClientOptions, 'responder'>, callId: string): Promise<void> {
  const unused = () => {
    throw new Error('unused');
  };
  const { events, summary } = await runScenario({ turns: [] }, { client: await createModelClient({ ...options, responder: unused }) });
  expect(summary.text).toBe('one file');
  expect(eventsOf(events, callId).at(-1)).toMatchObject({ type: 'call_end', name: 'list_files', status: 'ok' });
}

describe('the Anthropic provider', () => {
  it('runs a tool call and sends the result back as a tool_result block', async () => {
    const provider = await playProvider([
      {
        id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', stop_reason: 'tool_use', stop_sequence: null, usage,
        content: [{ type: 'tool_use', id: 'toolu_list', name: 'list_files', input: { path: 'docs' } }],
      },
      {
        id: 'msg_2', type: 'message', role: 'assistant', model: 'claude-test', stop_reason: 'end_turn', stop_sequence: null, usage,
        content: [{ type: 'text', text: 'one file' }],
      },
    ]);
    const settings = { provider: 'anthropic', model: 'claude-test', baseUrl: provider.url } as const;
    await runListFiles({ settings, environment: { ANTHROPIC_API_KEY: 'test' } }, 'toolu_list');
    const [first, second] = provider.requests;
    expect(first?.path).toBe('/v1/messages');
    expect((first?.body.tools as Array<{ name: string }>).map((tool) => tool.name)).toContain('list_files');
    const messages = second?.body.messages as Array<{ role: string; content: unknown }>;
    const results = JSON.stringify(messages.at(-1));
    expect(messages.at(-1)?.role).toBe('user');
    expect(results).toContain('"type":"tool_result"');
    expect(results).toContain('"tool_use_id":"toolu_list"');
  });
});

describe('the Gemini provider', () => {
  it('runs a function call and sends the result back as a functionResponse', async () => {
    const provider = await playProvider([
      { candidates: [{ content: { role: 'model', parts: [{ functionCall: { id: 'fc_list', name: 'list_files', args: { path: 'docs' } } }] }, finishReason: 'STOP' }] },
      { candidates: [{ content: { role: 'model', parts: [{ text: 'one file' }] }, finishReason: 'STOP' }] },
    ]);
    await runListFiles({ settings: { provider: 'gemini', model: 'gemini-test', baseUrl: provider.url }, environment: { GEMINI_API_KEY: 'test' } }, 'fc_list');
    const [first, second] = provider.requests;
    expect(first?.path).toContain('/models/gemini-test:generateContent');
    expect(JSON.stringify(first?.body.tools)).toContain('"name":"list_files"');
    const contents = second?.body.contents as Array<{ role: string; parts: unknown }>;
    expect(JSON.stringify(contents.at(-1))).toContain('"functionResponse"');
    expect(JSON.stringify(contents.at(-1))).toContain('"name":"list_files"');
  });
});
