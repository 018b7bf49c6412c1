// What only Gemini has; the recorded requests every adapter matches are in provider-contract.results.test.ts.
import { describe, expect, it } from 'vitest';
import { textOutcome, weatherRequest } from '../../test/sample-tools.js';
import { convertToGeminiFunctionResponses } from './convert-to-gemini-function-responses.js';

const request = weatherRequest('resp-call-1');

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
});
