import { describe, expect, it } from 'vitest';
import { errorOutcome } from './call-outcome.js';
import { jsonOutput, textOutput, toolOutput, wireText } from './tool-output.js';

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

  it('builds error outcomes with both projections', () => {
    const outcome = errorOutcome({ callId: 'c', toolName: 't', code: 'DENIED', message: 'no' });
    expect(outcome.output.result.value).toEqual({ error: { code: 'DENIED', message: 'no' } });
    expect(wireText(outcome.output.wire)).toBe('DENIED: no');
  });
});
