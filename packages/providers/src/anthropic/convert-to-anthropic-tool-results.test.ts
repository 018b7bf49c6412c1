// What only Anthropic has; the recorded requests every adapter matches are in provider-contract.results.test.ts.
import { describe, expect, it } from 'vitest';
import { PNG_BASE64, textOutcome, weatherRequest, wireOutcome } from '../../test/sample-tools.js';
import { convertToAnthropicToolResults } from './convert-to-anthropic-tool-results.js';

const CALL_ID = 'toolu_01A09q90qw90lq917835lq9';

describe('convertToAnthropicToolResults', () => {
  it('puts every result in one user message, in order', () => {
    expect(
      convertToAnthropicToolResults([
        { request: weatherRequest(CALL_ID), outcome: textOutcome(CALL_ID, '21 °C') },
        { request: weatherRequest('toolu_2'), outcome: textOutcome('toolu_2', '18 °C') },
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

  it('renders an embedded resource as text blocks, and a PNG blob resource as an image block', () => {
    const outcome = wireOutcome(CALL_ID, 'get_weather', [
      { type: 'resource', uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
      { type: 'resource', uri: 'file:///logo.png', mimeType: 'image/png', blob: PNG_BASE64 },
    ]);
    expect(convertToAnthropicToolResults([{ request: weatherRequest(CALL_ID), outcome }])).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: CALL_ID,
            content: [
              { type: 'text', text: '[resource file:///notes.md]\n# Notes' },
              { type: 'text', text: '[resource file:///logo.png]' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
            ],
          },
        ],
      },
    ]);
  });

  it('leaves out empty content', () => {
    const empty = textOutcome(CALL_ID, '');
    const outcome = { ...empty, output: { ...empty.output, wire: { projection: 'wire' as const, content: [] } } };
    expect(convertToAnthropicToolResults([{ request: weatherRequest(CALL_ID), outcome }])).toEqual([
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: CALL_ID }] },
    ]);
  });
});
