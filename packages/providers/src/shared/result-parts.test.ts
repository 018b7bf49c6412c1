import { describe, expect, it } from 'vitest';
import { PNG_BASE64, imageOutcome, wireOutcome } from '../../test/sample-tools.js';
import { dataUrl, imageTypeGuard, joinedText, resultParts } from './result-parts.js';

const pngOnly = { provider: 'Test', supportsImage: imageTypeGuard(['image/png']) };

describe('resultParts', () => {
  it('keeps text and accepted images in order', () => {
    expect(resultParts(imageOutcome('call_1'), pngOnly)).toEqual([
      { type: 'text', text: 'Rendered chart of Paris temperatures.' },
      { type: 'image', mimeType: 'image/png', data: PNG_BASE64 },
    ]);
  });

  it('replaces media the provider cannot take with a note, and appends model context', () => {
    const outcome = wireOutcome(
      'call_2',
      'record',
      [
        { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
        { type: 'image', mimeType: 'image/bmp', data: 'Qk0=' },
      ],
      ['The recording is 3 seconds long.'],
    );
    expect(resultParts(outcome, pngOnly)).toEqual([
      { type: 'text', text: '[audio omitted: Test tool results cannot carry audio/wav]' },
      { type: 'text', text: '[image omitted: Test tool results cannot carry image/bmp]' },
      { type: 'text', text: 'The recording is 3 seconds long.' },
    ]);
  });
});

describe('resultParts with embedded resources', () => {
  it('renders a text resource as [resource <uri>] and its text, an image blob as an image, and another blob as a note', () => {
    const outcome = wireOutcome('call_4', 'open', [
      { type: 'resource', uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
      { type: 'resource', uri: 'file:///logo.png', mimeType: 'image/png', blob: PNG_BASE64 },
      { type: 'resource', uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' },
      { type: 'resource', uri: 'file:///raw', blob: 'AAAA' },
    ]);
    expect(resultParts(outcome, pngOnly)).toEqual([
      { type: 'text', text: '[resource file:///notes.md]\n# Notes' },
      { type: 'text', text: '[resource file:///logo.png]' },
      { type: 'image', mimeType: 'image/png', data: PNG_BASE64 },
      { type: 'text', text: '[resource file:///a.pdf omitted: Test tool results cannot carry application/pdf]' },
      { type: 'text', text: '[resource file:///raw omitted: Test tool results cannot carry application/octet-stream]' },
    ]);
  });
});

describe('joinedText and dataUrl', () => {
  it('join text parts with newlines and skip images', () => {
    expect(joinedText(resultParts(imageOutcome('call_3'), pngOnly))).toBe('Rendered chart of Paris temperatures.');
  });

  it('builds a base64 data URL', () => {
    expect(dataUrl({ type: 'image', mimeType: 'image/png', data: 'AAAA' })).toBe('data:image/png;base64,AAAA');
  });
});
