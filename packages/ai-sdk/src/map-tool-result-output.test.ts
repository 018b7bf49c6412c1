import { wireOutput } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { toToolResultOutput } from './map-tool-result-output.js';

describe('toToolResultOutput', () => {
  it('gives text-only output as one text value', () => {
    expect(toToolResultOutput(wireOutput('done'))).toEqual({ type: 'text', value: 'done' });
  });

  it('renders an embedded resource as [resource <uri>] and its text, and a blob resource as that line and a file', () => {
    const wire = wireOutput([
      { type: 'text', text: 'two files' },
      { type: 'resource', uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
      { type: 'resource', uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
    ]);
    expect(toToolResultOutput(wire)).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'two files' },
        { type: 'text', text: '[resource file:///notes.md]\n# Notes' },
        { type: 'text', text: '[resource file:///a.pdf]' },
        { type: 'file', mediaType: 'application/pdf', data: { type: 'data', data: 'JVBERi0=' } },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
      ],
    });
  });
});
