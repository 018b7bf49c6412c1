import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MockServer } from '../mock-server/mock-server.js';
import { startMockServer } from '../mock-server/mock-server.js';
import type { Scenario } from '../scenario/scenario.js';
import { eventsOf, removeScenarioWorkspaces, runScenario } from '../test-support/scenario-run.js';
import { temporaryDirectory } from '../test-support/tool-context.js';
import { createModelClient } from './create-model-client.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  removeScenarioWorkspaces();
});

async function serve(scenario: Scenario): Promise<{ server: MockServer; bodies: () => { path: string; body: Record<string, unknown> }[] }> {
  const directory = temporaryDirectory();
  const recordFile = join(directory.path, 'requests.jsonl');
  const server = await startMockServer({ scenario, recordFile });
  cleanups.push(() => server.close(), () => directory.dispose());
  return {
    server,
    bodies: () =>
      readFileSync(recordFile, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { path: string; body: Record<string, unknown> }),
  };
}

const LIST_THEN_ANSWER: Scenario = { turns: [{ tool_calls: [{ id: 'list', name: 'list_files', arguments: { path: 'docs' } }] }, { text: 'one file' }] };

describe('the OpenAI Responses provider against the mock server', () => {
  it.each([true, false])('runs the loop with stream=%s and sends results back as function_call_output', async (stream) => {
    const { server, bodies } = await serve(LIST_THEN_ANSWER);
    const client = await createModelClient({
      settings: { provider: 'openai-responses', model: 'test-model', baseUrl: server.url },
      responder: () => {
        throw new Error('unused');
      },
      environment: { OPENAI_API_KEY: 'test' },
      stream,
    });
    const { events, summary } = await runScenario({ turns: [] }, { client });
    expect(summary.text).toBe('one file');
    expect(eventsOf(events, 'list').at(-1)).toMatchObject({ type: 'call_end', status: 'ok' });
    const [first, second] = bodies();
    expect(first?.path).toBe('/v1/responses');
    expect(Boolean(first?.body.stream)).toBe(stream);
    expect(second?.body.input).toContainEqual(expect.objectContaining({ type: 'function_call_output', call_id: 'list' }));
  });

  it('sends exec as a custom tool and gets the program back as freeform input', async () => {
    const { server, bodies } = await serve({
      turns: [{ tool_calls: [{ id: 'run', name: 'exec', input: 'return (await tools.list_files({ path: "docs" })).entries.length;' }] }, { text: 'done' }],
    });
    const client = await createModelClient({
      settings: { provider: 'openai-responses', model: 'test-model', baseUrl: server.url },
      responder: () => {
        throw new Error('unused');
      },
      environment: { OPENAI_API_KEY: 'test' },
      stream: false,
    });
    const { events } = await runScenario({ turns: [] }, { client, flags: { mode: 'code_mode_only' } });
    expect(eventsOf(events, 'run').at(-1)).toMatchObject({ type: 'call_end', name: 'exec', status: 'ok' });
    expect(eventsOf(events, 'run:code:1').at(-1)).toMatchObject({ type: 'call_end', name: 'list_files', source: 'code_mode', status: 'ok' });
    const [first, second] = bodies();
    expect(first?.body.tools).toContainEqual(expect.objectContaining({ type: 'custom', name: 'exec' }));
    expect(second?.body.input).toContainEqual(expect.objectContaining({ type: 'custom_tool_call_output', call_id: 'run' }));
  });
});
