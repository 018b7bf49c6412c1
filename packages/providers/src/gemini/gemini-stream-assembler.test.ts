// What only Gemini's stream has; what every assembler does alike is in provider-contract.stream.test.ts.
import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { assembleChunks } from '../../test/assemble-chunks.js';
import { readChunkFixture } from '../../test/fixtures.js';
import { codeModeDeclarations } from '../../test/sample-tools.js';
import { invalidArgumentsOutcome } from '../shared/invalid-arguments-outcome.js';
import { createGeminiStreamAssembler } from './gemini-stream-assembler.js';

describe('createGeminiStreamAssembler', () => {
  it('leaves thoughts out and reports the text pieces, then each whole call, in chunk order', () => {
    const chunks = readChunkFixture<GenerateContentResponse>(new URL('./__fixtures__/stream-calls.chunks.txt', import.meta.url));
    const { updates } = assembleChunks(createGeminiStreamAssembler(codeModeDeclarations), chunks);
    expect(updates.map((update) => (update.type === 'text-delta' ? update.text : `${update.name} ${update.callId}`))).toEqual([
      'Checking both',
      ' cities now.',
      'get_weather s4psglMfTvkX7jqV9jQi-GW-call-1',
      'get_weather s4psglMfTvkX7jqV9jQi-GW-call-2',
      'exec s4psglMfTvkX7jqV9jQi-GW-call-3',
    ]);
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
