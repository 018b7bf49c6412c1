// What only Chat Completions has; the recorded requests every adapter matches are in provider-contract.results.test.ts.
import { describe, expect, it } from 'vitest';
import { imageOutcome, textOutcome, weatherRequest } from '../../test/sample-tools.js';
import { convertToOpenAIChatToolMessages } from './convert-to-openai-chat-tool-messages.js';

const CALL_ID = 'call_Wq4QhZ0dS2aFtd8m2b3X9kLp';
const request = weatherRequest(CALL_ID);

describe('convertToOpenAIChatToolMessages', () => {
  it('sends text as the tool message content', () => {
    expect(convertToOpenAIChatToolMessages([{ request, outcome: textOutcome(CALL_ID, '21 °C, sunny') }])).toEqual([
      { role: 'tool', tool_call_id: CALL_ID, content: '21 °C, sunny' },
    ]);
  });

  it('sends images in a user message after the tool message', () => {
    expect(convertToOpenAIChatToolMessages([{ request, outcome: imageOutcome(CALL_ID) }]).map((message) => message.role)).toEqual(['tool', 'user']);
  });

  it('keeps the order of parallel results, images of all calls last', () => {
    const second = weatherRequest('call_2');
    const messages = convertToOpenAIChatToolMessages([
      { request, outcome: imageOutcome(CALL_ID) },
      { request: second, outcome: imageOutcome('call_2') },
    ]);
    expect(messages.map((message) => message.role)).toEqual(['tool', 'tool', 'user']);
    expect(messages).toMatchInlineSnapshot(`
      [
        {
          "content": [
            {
              "text": "Rendered chart of Paris temperatures.",
              "type": "text",
            },
            {
              "text": "[image 1 (image/png) follows in the next user message]",
              "type": "text",
            },
          ],
          "role": "tool",
          "tool_call_id": "call_Wq4QhZ0dS2aFtd8m2b3X9kLp",
        },
        {
          "content": [
            {
              "text": "Rendered chart of Paris temperatures.",
              "type": "text",
            },
            {
              "text": "[image 2 (image/png) follows in the next user message]",
              "type": "text",
            },
          ],
          "role": "tool",
          "tool_call_id": "call_2",
        },
        {
          "content": [
            {
              "text": "Image 1, from tool call call_Wq4QhZ0dS2aFtd8m2b3X9kLp:",
              "type": "text",
            },
            {
              "image_url": {
                "url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
              },
              "type": "image_url",
            },
            {
              "text": "Image 2, from tool call call_2:",
              "type": "text",
            },
            {
              "image_url": {
                "url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
              },
              "type": "image_url",
            },
          ],
          "role": "user",
        },
      ]
    `);
  });

  it('sends an empty result as empty content', () => {
    const outcome = { ...textOutcome(CALL_ID, ''), output: { ...textOutcome(CALL_ID, '').output, wire: { projection: 'wire' as const, content: [] } } };
    expect(convertToOpenAIChatToolMessages([{ request, outcome }])).toEqual([{ role: 'tool', tool_call_id: CALL_ID, content: '' }]);
  });
});
