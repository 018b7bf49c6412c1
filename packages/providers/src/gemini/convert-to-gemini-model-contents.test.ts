import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { readJsonFixture } from '../../test/fixtures.js';
import { convertToGeminiModelContents } from './convert-to-gemini-model-contents.js';

const fixture = (name: string) => readJsonFixture<GenerateContentResponse>(new URL(`./__fixtures__/${name}`, import.meta.url));

describe('convertToGeminiModelContents', () => {
  it('replays the model turn with its parts as received, thought signature included', () => {
    const response = fixture('parallel-calls.json');
    const [content] = convertToGeminiModelContents(response);
    expect(content).toEqual(response.candidates?.[0]?.content);
    expect(content?.parts?.[1]?.thoughtSignature).toMatch(/^CiQB/);
  });

  it('replays nothing when the candidate has no parts (a malformed function call)', () => {
    expect(convertToGeminiModelContents(fixture('malformed-function-call.json'))).toEqual([]);
  });
});
