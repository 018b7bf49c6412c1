import { wireOutput } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { wireText } from './wire-text.js';

describe('wireText', () => {
  it('renders text, embedded resources with their URI, and media as notes', () => {
    const wire = wireOutput([
      { type: 'text', text: 'two files\n' },
      { type: 'resource', uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
    ]);
    expect(wireText(wire)).toBe('two files\n[resource file:///notes.md]\n# Notes[image image/png]');
  });
});
