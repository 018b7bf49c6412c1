import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { OutputBudget, TEXT_CUT_MARKER, mediaProblem } from './output-budget.js';

describe('OutputBudget', () => {
  it('keeps text up to the limit, then cuts the item that crosses it and marks the cut', () => {
    const budget = new OutputBudget(resolveSandboxLimits({ maxTextChars: 10 }));
    expect(budget.text('hello')).toEqual({ item: { type: 'text', text: 'hello' }, overflow: false });
    // 'hello' and the newline before the next item leave 4.
    expect(budget.text('world!!')).toEqual({ item: { type: 'text', text: TEXT_CUT_MARKER.slice(0, 4) }, overflow: true });
    const roomy = new OutputBudget(resolveSandboxLimits({ maxTextChars: 100 }));
    expect(roomy.text('x'.repeat(60)).overflow).toBe(false);
    const cut = roomy.text('y'.repeat(60));
    expect(cut).toEqual({ item: { type: 'text', text: 'y'.repeat(39 - TEXT_CUT_MARKER.length) + TEXT_CUT_MARKER }, overflow: true });
    // The kept text joined by its newline, marker included, is exactly the limit; nothing (no second marker) after it.
    expect(['x'.repeat(60), cut.item?.text ?? ''].join('\n')).toHaveLength(100);
    expect(roomy.text('z')).toEqual({ overflow: true });
    expect(roomy.media('image', 'image/png', 'AAAA')).toEqual({ overflow: true });
  });

  it('counts the newline that joins each text item to the one before (issue 28)', () => {
    const budget = new OutputBudget(resolveSandboxLimits({ maxTextChars: 20_000 }));
    const kept: string[] = [];
    let overflow = false;
    for (let index = 0; index < 50_000 && !overflow; index += 1) {
      const decision = budget.text('');
      if (decision.item) kept.push(decision.item.text);
      overflow = decision.overflow;
    }
    expect(overflow).toBe(true);
    // 20,001 empty items joined are 20,000 newlines: the limit, not 49,999 characters.
    expect(kept).toHaveLength(20_001);
    expect(kept.join('\n')).toHaveLength(20_000);
    const exact = new OutputBudget(resolveSandboxLimits({ maxTextChars: 7 }));
    expect(exact.text('abc').overflow).toBe(false);
    expect(exact.text('def').overflow).toBe(false);
    // Full: the next item's newline alone would pass the limit, so not even a marker is kept.
    expect(exact.text('')).toEqual({ overflow: true });
  });

  it('counts media items and decoded bytes', () => {
    const budget = new OutputBudget(resolveSandboxLimits({ maxMediaItems: 2, maxMediaBytes: 4 }));
    expect(budget.media('image', 'image/png', 'AAA=')).toEqual({ item: { type: 'image', mimeType: 'image/png', data: 'AAA=' }, overflow: false });
    expect(budget.media('audio', 'audio/wav', 'AA==').overflow).toBe(false);
    expect(budget.media('image', 'image/png', '')).toEqual({ overflow: true });
    // After the limit nothing more is accepted, however small.
    expect(budget.text('')).toEqual({ overflow: true });
    const bytes = new OutputBudget(resolveSandboxLimits({ maxMediaBytes: 4 }));
    expect(bytes.media('audio', 'audio/wav', 'AAAAAAAA').overflow).toBe(true);
    expect(bytes.media('audio', 'audio/wav', 'AA==')).toEqual({ overflow: true });
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
