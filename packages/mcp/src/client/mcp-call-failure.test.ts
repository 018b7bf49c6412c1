import { describe, expect, it } from 'vitest';
import { mcpCallFailure } from './mcp-call-failure.js';

describe('mcpCallFailure', () => {
  it('classifies what the client threw, even when its message cannot be read', () => {
    const hostile = Object.defineProperty(new Error('hidden'), 'message', {
      get: () => {
        throw new Error('no message for you');
      },
    });
    const failure = mcpCallFailure({ error: hostile, serverName: 'files', toolName: 'read', exitCause: undefined });
    expect(failure).toMatchObject({ mcpCode: 'MCP_PROTOCOL_ERROR', detail: '"read" failed: an error that cannot be described' });
    expect(failure.cause).toBe(hostile);
  });

  it('keeps the message of anything else thrown', () => {
    expect(mcpCallFailure({ error: Symbol('odd'), serverName: 'files', toolName: 'read', exitCause: undefined }).detail).toBe('"read" failed: Symbol(odd)');
  });
});
