// What only Chat Completions has; what every adapter reads alike is in provider-contract.parse.test.ts.
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { parseOpenAIChatResponse } from './parse-openai-chat-response.js';

describe('parseOpenAIChatResponse', () => {
  it('reads custom tool calls as freeform input', () => {
    const completion = readJsonFixture<ChatCompletion>(new URL('./__fixtures__/one-call.json', import.meta.url));
    const [choice] = completion.choices;
    if (!choice) throw new Error('the recording has a choice');
    choice.message.tool_calls = [{ id: 'call_c', type: 'custom', custom: { name: 'exec', input: 'text("hi")' } }];
    const turn = parseOpenAIChatResponse(completion, codeModeDeclarations);
    expect(turn.toolCalls).toEqual([{ callId: 'call_c', name: 'exec', source: { type: 'model' }, input: 'text("hi")' }]);
  });
});
