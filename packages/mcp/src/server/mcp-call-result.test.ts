import { toolOutput } from '@toolcell/core';
import type { CallOutcome } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { mcpCallResult } from './mcp-call-result.js';

function ok(wire: Parameters<typeof toolOutput>[0]['wire']): CallOutcome {
  return { status: 'ok', callId: 'c', toolName: 't', output: toolOutput({ result: { done: true }, wire }) };
}

describe('mcpCallResult', () => {
  it('serves a resource part as an embedded resource (type "resource"), text or blob', () => {
    const result = mcpCallResult(
      ok([
        { type: 'text', text: 'two files' },
        { type: 'resource', uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' },
        { type: 'resource', uri: 'file:///raw', blob: 'AAAA' },
      ]),
      { hasOutputSchema: false },
    );
    expect(result.content).toEqual([
      { type: 'text', text: 'two files' },
      { type: 'resource', resource: { uri: 'file:///notes.md', mimeType: 'text/markdown', text: '# Notes' } },
      { type: 'resource', resource: { uri: 'file:///raw', blob: 'AAAA' } },
    ]);
    expect(result.structuredContent).toEqual({ done: true });
  });

  it('serves images and audio as themselves', () => {
    const result = mcpCallResult(
      ok([
        { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
      ]),
      { hasOutputSchema: false },
    );
    expect(result.content).toEqual([
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
      { type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' },
    ]);
  });
});
