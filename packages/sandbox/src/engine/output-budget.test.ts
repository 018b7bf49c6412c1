import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../sandbox-limits.js';
import { OutputBudget, TEXT_CUT_MARKER, mediaProblem } from './output-budget.js';

describe('OutputBudget', () => {
  it('keeps text up to the limit, then cuts the item that crosses it and marks the cut', () => {
    const budget = new OutputBudget(resolveSandboxLimits({ maxTextChars: 10 }));
    expect(budget.text('hello')).toEqual({ item: { type: 'text', text: 'hello' }, overflow: false });
    expect(budget.text('world!!')).toEqual({ item: { type: 'text', text: `world${TEXT_CUT_MARKER}` }, overflow: true });
  });

  it('counts media items and decoded bytes', () => {
    const budget = new OutputBudget(resolveSandboxLimits({ maxMediaItems: 2, maxMediaBytes: 4 }));
    expect(budget.media('image', 'image/png', 'AAA=')).toEqual({ item: { type: 'image', mimeType: 'image/png', data: 'AAA=' }, overflow: false });
    expect(budget.media('audio', 'audio/wav', 'AAAA').overflow).toBe(true);
    expect(budget.media('audio', 'audio/wav', 'AA==').overflow).toBe(false);
    expect(budget.media('image', 'image/png', '')).toEqual({ overflow: true });
  });
});

describe('mediaProblem', () => {
  it('accepts base64 data of a matching MIME type', () => {
    expect(mediaProblem('image', 'image/png', 'iVBORw0KGgo=')).toBeUndefined();
    expect(mediaProblem('generatedImage', 'image/webp', '')).toBeUndefined();
    expect(mediaProblem('audio', 'audio/mpeg', 'AAAA')).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(mediaProblem('image', 'audio/wav', 'AAAA')).toBe('image() needs an image/* MIME type, got "audio/wav"');
    expect(mediaProblem('audio', 'not a type', 'AAAA')).toBe('audio() needs an audio/* MIME type, got "not a type"');
    expect(mediaProblem('image', 'image/png', 'abc')).toBe('image() needs base64 data (A-Z, a-z, 0-9, +, /, = padding)');
    expect(mediaProblem('image', 'image/png', 'ab!=')).toBe('image() needs base64 data (A-Z, a-z, 0-9, +, /, = padding)');
    expect(mediaProblem('video', 'video/mp4', 'AAAA')).toBe('unknown media type "video"');
  });
});
