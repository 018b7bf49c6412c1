import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { convertToAnthropicAssistantMessages } from './convert-to-anthropic-assistant-messages.js';

describe('convertToAnthropicAssistantMessages', () => {
  it('replays every block as received, server tool use and callers included', () => {
    const message = readJsonFixture<Message>(new URL('./__fixtures__/programmatic-calls.json', import.meta.url));
    expect(convertToAnthropicAssistantMessages(message)).toEqual([{ role: 'assistant', content: message.content }]);
  });

  it('replays nothing for an empty response', () => {
    expect(convertToAnthropicAssistantMessages({ content: [], stop_reason: 'end_turn' })).toEqual([]);
  });
});
