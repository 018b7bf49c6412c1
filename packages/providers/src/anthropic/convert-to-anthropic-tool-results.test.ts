import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { MODEL_SOURCE } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { failedOutcome, imageOutcome, textOutcome } from '../../test/sample-tools.js';
import { convertToAnthropicToolResults } from './convert-to-anthropic-tool-results.js';

const CALL_ID = 'toolu_01A09q90qw90lq917835lq9';
const request = { callId: CALL_ID, name: 'get_weather', source: MODEL_SOURCE, args: { city: 'Paris' } };

function recordedMessages(name: string): MessageParam[] {
  return readJsonFixture<{ messages: MessageParam[] }>(new URL(`./__fixtures__/${name}`, import.meta.url)).messages;
}

describe('convertToAnthropicToolResults', () => {
  it('puts every result in one user message, in order', () => {
    expect(
      convertToAnthropicToolResults([
        { request, outcome: textOutcome(CALL_ID, '21 °C') },
        { request: { ...request, callId: 'toolu_2' }, outcome: textOutcome('toolu_2', '18 °C') },
      ]),
    ).toMatchInlineSnapshot(`
      [
        {
          "content": [
            {
              "content": "21 °C",
              "tool_use_id": "toolu_01A09q90qw90lq917835lq9",
              "type": "tool_result",
            },
            {
              "content": "18 °C",
              "tool_use_id": "toolu_2",
              "type": "tool_result",
            },
          ],
          "role": "user",
        },
      ]
    `);
  });

  it('sends text and images as tool_result content (recorded request)', () => {
    expect(convertToAnthropicToolResults([{ request, outcome: imageOutcome(CALL_ID) }])).toEqual(recordedMessages('image-result.request.json'));
  });

  it('marks an error outcome with is_error (recorded request)', () => {
    expect(convertToAnthropicToolResults([{ request, outcome: failedOutcome(CALL_ID) }])).toEqual(recordedMessages('error-result.request.json'));
  });

  it('leaves out empty content and sends nothing for no results', () => {
    const empty = textOutcome(CALL_ID, '');
    const outcome = { ...empty, output: { ...empty.output, wire: { projection: 'wire' as const, content: [] } } };
    expect(convertToAnthropicToolResults([{ request, outcome }])).toEqual([
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: CALL_ID }] },
    ]);
    expect(convertToAnthropicToolResults([])).toEqual([]);
  });
});
