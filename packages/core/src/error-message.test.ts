import { describe, expect, it } from 'vitest';
import { errorMessage } from './error-message.js';
import { ToolFailure } from './tool-failure.js';

const UNREADABLE = 'an error that cannot be described';

describe('errorMessage', () => {
  it('reads the message of an error, of any class and from any realm', () => {
    expect(errorMessage(new TypeError('bad type'))).toBe('bad type');
    expect(errorMessage(new ToolFailure({ code: 'EXEC_RUNTIME', message: 'boom' }))).toBe('boom');
    expect(errorMessage({ message: 'an error-like object' })).toBe('an error-like object');
    expect(errorMessage(new Error(''))).toBe('');
  });

  it('prints anything else as String does', () => {
    expect(errorMessage('plain text')).toBe('plain text');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage(null)).toBe('null');
    expect(errorMessage(10n)).toBe('10');
    expect(errorMessage(Symbol('thrown'))).toBe('Symbol(thrown)');
    expect(errorMessage({ code: 1 })).toBe('[object Object]');
    expect(errorMessage({ message: 42, toString: () => 'printed' })).toBe('printed');
    expect(errorMessage(Object.assign(new Error('x'), { message: 42 }))).toBe('Error: 42');
  });

  it('never throws, whatever the thrown value does when read', () => {
    const throwingGetter = Object.defineProperty(new Error('hidden'), 'message', {
      get: () => {
        throw new Error('no message for you');
      },
    });
    const throwingGetterPrintable = {
      get message(): string {
        throw new Error('no message for you');
      },
      toString: () => 'printed instead',
    };
    const throwingToString = {
      toString: () => {
        throw new Error('no printing');
      },
    };
    const everythingThrows = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
        getPrototypeOf: () => {
          throw new Error('trap');
        },
        has: () => {
          throw new Error('trap');
        },
      },
    );
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    const toPrimitiveSymbol = { [Symbol.toPrimitive]: () => Symbol('not a string') };

    expect(errorMessage(throwingGetter)).toBe(UNREADABLE);
    expect(errorMessage(throwingGetterPrintable)).toBe('printed instead');
    expect(errorMessage(throwingToString)).toBe(UNREADABLE);
    expect(errorMessage(Object.create(null))).toBe(UNREADABLE);
    expect(errorMessage(everythingThrows)).toBe(UNREADABLE);
    expect(errorMessage(revoked)).toBe(UNREADABLE);
    expect(errorMessage(toPrimitiveSymbol)).toBe(UNREADABLE);
  });
});
