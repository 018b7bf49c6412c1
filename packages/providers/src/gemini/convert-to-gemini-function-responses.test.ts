import type { Content } from '@google/genai';
import { MODEL_SOURCE } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { failedOutcome, imageOutcome, textOutcome } from '../../test/sample-tools.js';
import { convertToGeminiFunctionResponses } from './convert-to-gemini-function-responses.js';

const request = { callId: 'resp-call-1', name: 'get_weather', source: MODEL_SOURCE, args: { city: 'Paris' } };

function recordedContents(name: string): Content[] {
  return readJsonFixture<{ contents: Content[] }>(new URL(`./__fixtures__/${name}`, import.meta.url)).contents;
}

describe('convertToGeminiFunctionResponses', () => {
  it('puts every result in one user content, in order, id only where Gemini gave one', () => {
    expect(
      convertToGeminiFunctionResponses([
        { request, outcome: textOutcome('resp-call-1', '21 °C') },
        {
          request: { ...request, callId: 'fc-1', echo: { id: 'fc-1' } },
          outcome: { ...textOutcome('fc-1', '18 °C'), modelContext: ['Cached 2 minutes ago.'] },
        },
      ]),
    ).toMatchInlineSnapshot(`
      [
        {
          "parts": [
            {
              "functionResponse": {
                "name": "get_weather",
                "response": {
                  "output": "21 °C",
                },
              },
            },
            {
              "functionResponse": {
                "id": "fc-1",
                "name": "get_weather",
                "response": {
                  "output": "18 °C
      Cached 2 minutes ago.",
                },
              },
            },
          ],
          "role": "user",
        },
      ]
    `);
  });

  it('sends text as output and images as the response parts (recorded request)', () => {
    expect(convertToGeminiFunctionResponses([{ request, outcome: imageOutcome('resp-call-1') }])).toEqual(
      recordedContents('image-result.request.json'),
    );
  });

  it('sends an error outcome under response.error (recorded request)', () => {
    expect(convertToGeminiFunctionResponses([{ request, outcome: failedOutcome('resp-call-1') }])).toEqual(
      recordedContents('error-result.request.json'),
    );
  });

  it('sends nothing for no results', () => {
    expect(convertToGeminiFunctionResponses([])).toEqual([]);
  });
});
