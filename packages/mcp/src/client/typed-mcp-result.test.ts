import { describe, expect, it } from 'vitest';
import { typedMcpResult } from './typed-mcp-result.js';

describe('typedMcpResult', () => {
  it('keeps structuredContent a tool sends without an outputSchema, instead of its text', () => {
    const content = [{ type: 'text' as const, text: 'It is 21 °C and sunny.' }];
    expect(typedMcpResult({ content, structuredContent: { celsius: 21, sky: 'sunny' }, hasOutputSchema: false })).toEqual({ celsius: 21, sky: 'sunny' });
  });

  it('falls back to one JSON text block, then to { text, content }, when there is no structuredContent', () => {
    expect(typedMcpResult({ content: [{ type: 'text', text: '{"n":1}' }], structuredContent: undefined, hasOutputSchema: false })).toEqual({ n: 1 });
    const prose = [{ type: 'text' as const, text: 'hello' }];
    expect(typedMcpResult({ content: prose, structuredContent: undefined, hasOutputSchema: false })).toEqual({ text: 'hello', content: prose });
  });
});
