import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { readChunkFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { invalidArgumentsOutcome } from '../shared/invalid-arguments-outcome.js';
import type { StreamUpdate } from '../shared/provider-adapter.js';
import { createGeminiStreamAssembler } from './gemini-stream-assembler.js';

function chunks(name: string): GenerateContentResponse[] {
  return readChunkFixture<GenerateContentResponse>(new URL(`./__fixtures__/${name}`, import.meta.url));
}

describe('createGeminiStreamAssembler', () => {
  it('collects text (thoughts left out) and the calls of every chunk in order', () => {
    const assembler = createGeminiStreamAssembler(codeModeDeclarations);
    const updates: StreamUpdate[] = chunks('stream-calls.chunks.txt').flatMap((chunk) => assembler.push(chunk));
    const turn = assembler.finish();
    expect(turn).toMatchInlineSnapshot(`
      {
        "stopReason": "STOP",
        "text": "Checking both cities now.",
        "toolCalls": [
          {
            "args": {
              "city": "Paris",
              "unit": "celsius",
            },
            "callId": "s4psglMfTvkX7jqV9jQi-GW-call-1",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "args": {
              "city": "Tokyo",
              "unit": "celsius",
            },
            "callId": "s4psglMfTvkX7jqV9jQi-GW-call-2",
            "name": "get_weather",
            "source": {
              "type": "model",
            },
          },
          {
            "callId": "s4psglMfTvkX7jqV9jQi-GW-call-3",
            "input": "const [paris, tokyo] = await Promise.all([
        tools.get_weather({ city: 'Paris' }),
        tools.get_weather({ city: 'Tokyo' }),
      ]);
      text(\`Paris \${paris.temperature}, Tokyo \${tokyo.temperature}\`);",
            "name": "exec",
            "source": {
              "type": "model",
            },
          },
        ],
      }
    `);
    expect(updates).toMatchInlineSnapshot(`
      [
        {
          "text": "Checking both",
          "type": "text-delta",
        },
        {
          "text": " cities now.",
          "type": "text-delta",
        },
        {
          "callId": "s4psglMfTvkX7jqV9jQi-GW-call-1",
          "name": "get_weather",
          "type": "tool-call-start",
        },
        {
          "callId": "s4psglMfTvkX7jqV9jQi-GW-call-2",
          "name": "get_weather",
          "type": "tool-call-start",
        },
        {
          "callId": "s4psglMfTvkX7jqV9jQi-GW-call-3",
          "name": "exec",
          "type": "tool-call-start",
        },
      ]
    `);
  });

  it('refuses calls whose arguments were streamed in pieces, once per call', () => {
    const assembler = createGeminiStreamAssembler(codeModeDeclarations);
    const part = (functionCall: object) => ({ candidates: [{ content: { role: 'model', parts: [{ functionCall }] } }], responseId: 'r1' });
    assembler.push(part({ name: 'get_weather', partialArgs: [{ jsonPath: '$.city', stringValue: 'Par', willContinue: true }], willContinue: true }));
    assembler.push(part({ partialArgs: [{ jsonPath: '$.city', stringValue: 'is' }], willContinue: true }));
    assembler.push(part({ willContinue: false }));
    const [call, ...others] = assembler.finish().toolCalls;
    expect(others).toEqual([]);
    expect(call && invalidArgumentsOutcome(call)).toMatchObject({
      code: 'INVALID_ARGS',
      callId: 'r1-call-1',
      message:
        'This call streamed its arguments in pieces (streamFunctionCallArguments), which toolcell does not assemble; call again with the arguments whole.',
    });
  });
});
