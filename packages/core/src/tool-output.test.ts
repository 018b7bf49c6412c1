import { describe, expect, it } from 'vitest';
import { errorOutcome } from './call-outcome.js';
import { jsonOutput, resourceText, textOutput, toolOutput, wireText } from './tool-output.js';
import type { ResourcePart } from './tool-output.js';

describe('tool output projections', () => {
  it('keeps the typed result and the wire content apart', () => {
    const output = toolOutput({ result: { tokens_left: 9000 }, wire: '9000 tokens left' });
    expect(output.result).toEqual({ projection: 'typed', value: { tokens_left: 9000 } });
    expect(wireText(output.wire)).toBe('9000 tokens left');
  });

  it('renders JSON for the model only when asked', () => {
    expect(wireText(jsonOutput({ a: 1 }).wire)).toBe('{\n  "a": 1\n}');
    expect(textOutput('hi').result.value).toBe('hi');
  });

  it('skips media when joining wire text', () => {
    const output = toolOutput({ result: null, wire: [{ type: 'text', text: 'a' }, { type: 'image', mimeType: 'image/png', data: 'AA==' }, { type: 'text', text: 'b' }] });
    expect(wireText(output.wire)).toBe('a\nb');
  });

  it('carries embedded resources as their own part, text counted as text and blobs skipped', () => {
    const notes: ResourcePart = { type: 'resource', uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' };
    const pdf: ResourcePart = { type: 'resource', uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' };
    const output = toolOutput({ result: null, wire: [{ type: 'text', text: 'two files' }, notes, pdf] });
    expect(output.wire.content).toEqual([{ type: 'text', text: 'two files' }, notes, pdf]);
    expect(wireText(output.wire)).toBe('two files\n[resource file:///notes.md]\n# Notes');
  });

  it('renders a resource as text for readers without a resource type', () => {
    expect(resourceText({ type: 'resource', uri: 'memo://a', text: 'hello' })).toBe('[resource memo://a]\nhello');
    expect(resourceText({ type: 'resource', uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' })).toBe(
      '[resource file:///a.pdf (application/pdf, 5 bytes, base64 not shown)]',
    );
    expect(resourceText({ type: 'resource', uri: 'file:///b', blob: 'AAAA' })).toBe('[resource file:///b (application/octet-stream, 3 bytes, base64 not shown)]');
  });

  it('builds error outcomes with both projections', () => {
    const outcome = errorOutcome({ callId: 'c', toolName: 't', code: 'DENIED', message: 'no' });
    expect(outcome.output.result.value).toEqual({ error: { code: 'DENIED', message: 'no' } });
    expect(wireText(outcome.output.wire)).toBe('DENIED: no');
  });
});
