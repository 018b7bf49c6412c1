import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './configuration-error.js';
import { ToolFailure } from './tool-failure.js';
import { textOutput } from './tool-output.js';
import { ToolcellError } from './toolcell-error.js';

const plainError = new ToolcellError({ code: 'EXECUTION_FAILED', message: 'write failed' });
const configurationError = new ConfigurationError({ setting: 'tools.mode', message: 'use direct, code_mode or code_mode_only' });
const toolFailure = new ToolFailure({ code: 'EXEC_RUNTIME', message: 'boom' });

// A copy of an error from another bundle of the package: same Symbol.for markers, other class.
const foreignCopyOf = (error: Error): Error => {
  const copy = new Error(error.message);
  for (const marker of Object.getOwnPropertySymbols(error)) Object.assign(copy, { [marker]: (error as unknown as Record<symbol, unknown>)[marker] });
  return copy;
};

describe('ToolcellError', () => {
  it('carries its structured fields', () => {
    const cause = new Error('disk full');
    const error = new ToolcellError({ code: 'EXECUTION_FAILED', message: 'write failed', toolName: 'write_file', callId: 'c1', cause });
    expect(error).toMatchObject({ name: '@toolcell/core/ToolcellError', code: 'EXECUTION_FAILED', toolName: 'write_file', callId: 'c1', retryable: false });
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
    expect(configurationError.code).toBe('INVALID_CONFIGURATION');
    expect(configurationError.name).toBe('@toolcell/core/ConfigurationError');
    expect(configurationError.message).toBe('tools.mode: use direct, code_mode or code_mode_only');
  });
});

describe('error identity per class', () => {
  const cases = [
    { type: ToolcellError, name: '@toolcell/core/ToolcellError', own: plainError },
    { type: ConfigurationError, name: '@toolcell/core/ConfigurationError', own: configurationError },
    { type: ToolFailure, name: '@toolcell/core/ToolFailure', own: toolFailure },
  ] as const;

  it.each(cases)('$name answers only for its own class, also across bundles', ({ type, name, own }) => {
    expect(own.name).toBe(name);
    for (const other of [plainError, configurationError, toolFailure]) {
      const expected = other === own || type === ToolcellError;
      expect(type.isInstance(other)).toBe(expected);
      expect(type.isInstance(foreignCopyOf(other))).toBe(expected);
    }
    expect(type.isInstance(new Error(own.message))).toBe(false);
  });

  it('does not mistake a configuration error for a tool failure', () => {
    expect(ToolFailure.isInstance(configurationError)).toBe(false);
    expect(ConfigurationError.isInstance(toolFailure)).toBe(false);
  });
});

describe('ToolFailure', () => {
  it('carries a code and the partial output to deliver with it', () => {
    const output = textOutput('printed before the crash');
    const failure = new ToolFailure({ code: 'EXEC_RUNTIME', message: 'boom', output });
    expect(failure).toMatchObject({ name: '@toolcell/core/ToolFailure', code: 'EXEC_RUNTIME', message: 'boom' });
    expect(failure.output).toBe(output);
    expect(ToolcellError.isInstance(failure)).toBe(true);
  });
});
