import { describe, expect, it } from 'vitest';
import { ConfigurationError } from './configuration-error.js';
import { ToolFailure } from './tool-failure.js';
import { textOutput } from './tool-output.js';
import { ToolcellError } from './toolcell-error.js';

const plainError = new ToolcellError({ code: 'EXECUTION_FAILED', message: 'write failed' });
const configurationError = new ConfigurationError({ setting: 'tools.mode', message: 'use direct, code_mode or code_mode_only' });
const toolFailure = new ToolFailure({ code: 'EXEC_RUNTIME', message: 'boom' });

const BRANDS = Symbol.for('toolcell.error');

// A copy of an error from another bundle of the package: the same Symbol.for brands, other classes.
const foreignCopyOf = (error: Error): Error => {
  const copy = new Error(error.message);
  for (const key of Object.getOwnPropertySymbols(error)) Object.assign(copy, { [key]: (error as unknown as Record<symbol, unknown>)[key] });
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

  it('recognises instances from another copy of the package by its brand', () => {
    const foreign = Object.assign(new Error('x'), { [BRANDS]: ['@toolcell/core/ToolcellError'] });
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

describe('a subclass declared elsewhere', () => {
  class BrandedError extends ToolcellError<'BRANDED'> {
    static override readonly brand: string = '@toolcell/test/BrandedError';
    constructor() {
      super({ code: 'BRANDED', message: 'branded' });
    }
  }
  class NarrowerError extends BrandedError {
    static override readonly brand: string = '@toolcell/test/NarrowerError';
  }
  // Forgot its brand: it must still never answer for another class's errors.
  class ForgetfulError extends ToolcellError<'FORGETFUL'> {
    constructor() {
      super({ code: 'FORGETFUL', message: 'forgetful' });
    }
  }
  class ForgetfulFailure extends ToolFailure {}

  const branded = new BrandedError();
  const narrower = new NarrowerError();
  const forgetful = new ForgetfulError();
  const forgetfulFailure = new ForgetfulFailure({ code: 'EXEC_RUNTIME', message: 'boom' });
  const everyError = [plainError, configurationError, toolFailure, branded, narrower, forgetful, forgetfulFailure];

  it('records the brands of its class and its ancestors, nearest first, and is named after the nearest', () => {
    expect((narrower as unknown as Record<symbol, unknown>)[BRANDS]).toEqual(['@toolcell/test/NarrowerError', '@toolcell/test/BrandedError', '@toolcell/core/ToolcellError']);
    expect(Object.isFrozen((narrower as unknown as Record<symbol, unknown>)[BRANDS])).toBe(true);
    expect(narrower.name).toBe('@toolcell/test/NarrowerError');
    expect(forgetfulFailure.name).toBe('@toolcell/core/ToolFailure');
  });

  it('with a brand, answers for its own class and its subclasses, also across bundles', () => {
    for (const error of everyError) {
      const expected = error === branded || error === narrower;
      expect(BrandedError.isInstance(error)).toBe(expected);
      expect(BrandedError.isInstance(foreignCopyOf(error))).toBe(expected);
      expect(NarrowerError.isInstance(error)).toBe(error === narrower);
      expect(NarrowerError.isInstance(foreignCopyOf(error))).toBe(error === narrower);
    }
  });

  it('without a brand, answers only for its own instances, never for another toolcell error', () => {
    for (const error of everyError) {
      expect(ForgetfulError.isInstance(error)).toBe(error === forgetful);
      expect(ForgetfulError.isInstance(foreignCopyOf(error))).toBe(false);
      expect(ForgetfulFailure.isInstance(error)).toBe(error === forgetfulFailure);
    }
    expect(ToolFailure.isInstance(forgetfulFailure)).toBe(true);
  });

  it('is a toolcell error for ToolcellError.isInstance, brand or not', () => {
    for (const error of everyError) {
      expect(ToolcellError.isInstance(error)).toBe(true);
      expect(ToolcellError.isInstance(foreignCopyOf(error))).toBe(true);
    }
  });

  it('answers false, without throwing, for values that refuse to be read', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no reading');
        },
        getPrototypeOf: () => {
          throw new Error('no prototype');
        },
      },
    );
    expect(ToolcellError.isInstance(hostile)).toBe(false);
    expect(ToolFailure.isInstance(hostile)).toBe(false);
    expect(ForgetfulError.isInstance(hostile)).toBe(false);
    expect(ToolFailure.isInstance(Object.assign(new Error('x'), { [BRANDS]: '@toolcell/core/ToolFailure' }))).toBe(false);
  });

  it('refuses to guess the class when called detached from it', () => {
    expect(() => [toolFailure].filter(ToolFailure.isInstance)).toThrow(new TypeError('isInstance must be called on an error class: ToolFailure.isInstance(error), or (error) => ToolFailure.isInstance(error) as a callback'));
    expect([toolFailure, plainError].filter((error) => ToolFailure.isInstance(error))).toEqual([toolFailure]);
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
