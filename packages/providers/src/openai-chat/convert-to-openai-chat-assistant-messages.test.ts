import type { ChatCompletion } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { convertToOpenAIChatAssistantMessages } from './convert-to-openai-chat-assistant-messages.js';

const fixture = (name: string) => readJsonFixture<ChatCompletion>(new URL(`./__fixtures__/${name}`, import.meta.url));

describe('convertToOpenAIChatAssistantMessages', () => {
  it('replays tool calls exactly as received, malformed arguments included', () => {
    const response = fixture('malformed-arguments.json');
    expect(convertToOpenAIChatAssistantMessages(response)).toEqual([
      { role: 'assistant', content: null, tool_calls: response.choices[0]?.message.tool_calls },
    ]);
  });

  it('replays a text answer as text', () => {
    expect(convertToOpenAIChatAssistantMessages(fixture('text.json'))).toEqual([
      { role: 'assistant', content: 'The capital of France is Paris.' },
    ]);
  });

  it('replays nothing for a response without choices', () => {
    expect(convertToOpenAIChatAssistantMessages({ choices: [] })).toEqual([]);
  });
});
