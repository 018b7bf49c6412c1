import type { Response } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { convertToOpenAIResponsesInputItems } from './convert-to-openai-responses-input-items.js';

const fixture = (name: string) => readJsonFixture<Response>(new URL(`./__fixtures__/${name}`, import.meta.url));

describe('convertToOpenAIResponsesInputItems', () => {
  it('replays reasoning, the program item (fingerprint included) and calls unchanged', () => {
    const response = fixture('programmatic-calls.json');
    const items = convertToOpenAIResponsesInputItems(response);
    expect(items).toEqual(response.output);
    expect(items.map((item) => item.type)).toEqual(['reasoning', 'program', 'function_call', 'function_call', 'function_call']);
  });

  it('leaves out the item kinds the API does not take back', () => {
    const response = fixture('text.json');
    const withExtras = {
      ...response,
      output: [
        ...response.output,
        { type: 'additional_tools' as const, id: 'at_1', role: 'system' as const, tools: [] },
        {
          type: 'computer_call_output' as const,
          id: 'cco_1',
          call_id: 'call_1',
          status: 'failed' as const,
          output: { type: 'computer_screenshot' as const, image_url: 'data:image/png;base64,AAAA' },
        },
      ],
    };
    expect(convertToOpenAIResponsesInputItems(withExtras)).toEqual(response.output);
  });
});
