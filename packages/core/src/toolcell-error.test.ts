import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './configuration-error.js';
import { ToolFailure } from './tool-failure.js';
import { textOutput } from './tool-output.js';
import { ToolcellError } from './toolcell-error.js';

describe('ToolcellError', () => {
  it('carries its structured fields', () => {
    const cause = new Error('disk full');
    const error = new ToolcellError({ code: 'EXECUTION_FAILED', message: 'write failed', toolName: 'write_file', callId: 'c1', cause });
    expect(error).toMatchObject({ name: 'ToolcellError', code: 'EXECUTION_FAILED', toolName: 'write_file', callId: 'c1', retryable: false });
    expect(error.cause).toBe(cause);
    expect(ToolcellError.isInstance(error)).toBe(true);
  });

  it('recognises instances from another copy of the package by its marker', () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('toolcell.error')]: true });
    expect(ToolcellError.isInstance(foreign)).toBe(true);
    expect(ToolcellError.isInstance(new Error('plain'))).toBe(false);
    expect(ToolcellError.isInstance(null)).toBe(false);
  });

  it('names the setting in a configuration error', () => {
    const error = new ConfigurationError({ setting: 'tools.mode', message: 'use direct, code_mode or code_mode_only' });
    expect(error.code).toBe('INVALID_CONFIGURATION');
    expect(error.name).toBe('ConfigurationError');
    expect(error.message).toBe('tools.mode: use direct, code_mode or code_mode_only');
    expect(ToolcellError.isInstance(error)).toBe(true);
  });
});

describe('ToolFailure', () => {
  it('carries a code and the partial output to deliver with it', () => {
    const output = textOutput('printed before the crash');
    const failure = new ToolFailure({ code: 'EXEC_RUNTIME', message: 'boom', output });
    expect(failure).toMatchObject({ name: 'ToolFailure', code: 'EXEC_RUNTIME', message: 'boom' });
    expect(failure.output).toBe(output);
    expect(ToolcellError.isInstance(failure)).toBe(true);
  });
});
