// What only the Responses API has; what every adapter reads alike is in provider-contract.parse.test.ts.
import type { Response } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { parseOpenAIResponsesResponse } from './parse-openai-responses-response.js';

describe('parseOpenAIResponsesResponse', () => {
  it('skips reasoning items', () => {
    const response = readJsonFixture<Response>(new URL('./__fixtures__/text.json', import.meta.url));
    expect(response.output.map((item) => item.type)).toContain('reasoning');
    expect(parseOpenAIResponsesResponse(response, []).text).toBe('The capital of France is Paris.');
  });

  it('reports why an incomplete response stopped', () => {
    const response = readJsonFixture<Response>(new URL('./__fixtures__/text.json', import.meta.url));
    const incomplete = { ...response, status: 'incomplete' as const, incomplete_details: { reason: 'max_output_tokens' as const } };
    expect(parseOpenAIResponsesResponse(incomplete, []).stopReason).toBe('max_output_tokens');
  });
});
