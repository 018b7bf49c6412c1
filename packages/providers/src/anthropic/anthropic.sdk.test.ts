// Programmatic tool calling through the official SDK, against a loopback server answering
// with the recordings; the round trips every adapter shares are in provider-contract.sdk.test.ts.
import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { loopbackServerPerTest, recordedReplies, requestBody } from '../../test/loopback-per-test.js';
import { anthropicCase } from '../../test/cases/anthropic-case.js';
import { codeModeDeclarations, textOutcome } from '../../test/sample-tools.js';
import { anthropicAdapter } from './anthropic-adapter.js';
import { withAnthropicProgrammaticToolCalling } from './with-anthropic-programmatic-tool-calling.js';

const fixture = (name: string) => new URL(`./__fixtures__/${name}`, import.meta.url);
const { question } = anthropicCase.sdk;
const loopback = loopbackServerPerTest();

describe('Anthropic Messages through the official SDK', () => {
  it('round-trips programmatic tool calling: allowed callers out, caller source in, caller kept in the replayed turn', async () => {
    const tools = withAnthropicProgrammaticToolCalling(anthropicAdapter.toTools(codeModeDeclarations), {
      callable: ['get_weather', 'search_docs'],
    });
    const server = await loopback.answering(recordedReplies(fixture('programmatic-calls.json'), fixture('text.json')));
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.origin, maxRetries: 0 });

    const message = await client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [question], tools });
    expect(JSON.stringify(requestBody(server, 0)['tools'])).toBe(JSON.stringify(tools));

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
    const sent = requestBody(server, 1);
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
