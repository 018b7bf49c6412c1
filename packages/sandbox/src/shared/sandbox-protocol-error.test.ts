import { ConfigurationError, ToolFailure, ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { SandboxProtocolError } from './sandbox-protocol-error.js';

describe('SandboxProtocolError', () => {
  const error = new SandboxProtocolError('a second ready frame');

  it('has its own name, code and brand', () => {
    expect(error).toMatchObject({ name: '@toolcell/sandbox/SandboxProtocolError', code: 'PROTOCOL_ERROR', message: 'sandbox protocol error: a second ready frame' });
    expect(SandboxProtocolError.isInstance(error)).toBe(true);
    expect(ToolcellError.isInstance(error)).toBe(true);
    expect(ToolFailure.isInstance(error)).toBe(false);
    expect(ConfigurationError.isInstance(error)).toBe(false);
  });

  it('recognises a copy from another bundle by its Symbol.for brand, and nothing else', () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('toolcell.error')]: ['@toolcell/sandbox/SandboxProtocolError', '@toolcell/core/ToolcellError'] });
    expect(SandboxProtocolError.isInstance(foreign)).toBe(true);
    expect(SandboxProtocolError.isInstance(new ToolcellError({ code: 'PROTOCOL_ERROR', message: 'x' }))).toBe(false);
  });
});
