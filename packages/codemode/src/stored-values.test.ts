import type { CallOutcome, JsonObject } from '@toolcell/core';
import { MAX_JSON_DEPTH } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { StoredValueError } from './stored-value-error.js';
import { SessionValues } from './stored-values.js';
import { harnessPerTest } from './test-support/harness-per-test.js';

describe('stored values', () => {
  it('isolates cells until they commit, then merges per key', () => {
    const session = new SessionValues();
    const first = session.openCell();
    const second = session.openCell();
    first.write('a', 1);
    first.write('shared', 'first');
    second.write('b', 2);
    second.write('shared', 'second');
    expect(session.snapshot()).toEqual({});
    second.commit();
    expect(session.snapshot()).toEqual({ b: 2, shared: 'second' });
    first.commit();
    expect(session.snapshot()).toEqual({ a: 1, b: 2, shared: 'first' });
  });

  it('hands each cell a copy, so later mutations do not leak', () => {
    const session = new SessionValues();
    const cell = session.openCell();
    const value = { list: [1] };
    cell.write('k', value);
    value.list.push(2);
    cell.commit();
    const snapshot = session.snapshot();
    (snapshot.k as { list: number[] }).list.push(3);
    expect(session.get('k')).toEqual({ list: [1] });
  });

  it('refuses values that are not JSON-safe, and counts committed bytes', () => {
    const session = new SessionValues();
    const cell = session.openCell();
    const refusal = (() => {
      try {
        cell.write('f', { when: new Date(0) } as never);
      } catch (error) {
        return error;
      }
    })();
    expect(StoredValueError.isInstance(refusal) && refusal.code).toBe('STORE_REFUSED');
    expect(() => cell.write('f', { when: new Date(0) } as never)).toThrow('not JSON-safe at "/when"');
    cell.write('k', 'small');
    cell.write('k', 'small2');
    expect(cell.writtenKeys).toEqual(['k']);
    cell.commit();
    expect(session.bytes).toBe(1 + '"small2"'.length);
  });

  it('keeps __proto__ and other Object.prototype names as ordinary keys', () => {
    const session = new SessionValues();
    const cell = session.openCell();
    cell.write('__proto__', { a: 1 });
    cell.write('constructor', 2);
    cell.commit();
    const snapshot = session.snapshot();
    expect(Object.getPrototypeOf(snapshot)).toBe(Object.prototype);
    expect(Object.keys(snapshot)).toEqual(['__proto__', 'constructor']);
    expect(JSON.parse(JSON.stringify(snapshot)) as unknown).toEqual(JSON.parse('{"__proto__":{"a":1},"constructor":2}'));
    expect(session.get('__proto__')).toEqual({ a: 1 });
  });
});

describe('stored values through a real sandbox', () => {
  const harness = harnessPerTest({ cells: true });
  const returned = (outcome: CallOutcome) => (outcome.output.result.value as JsonObject).return_value;

  it('commits every value store() accepts, refuses deeper ones in the guest, and round-trips __proto__', async () => {
    const h = harness();
    const first = await h.exec(`
      const nest = (levels) => { let value = 0; for (let i = 0; i < levels; i += 1) value = [value]; return value; };
      store('edge', nest(${MAX_JSON_DEPTH}));
      let refused = 'accepted';
      try { store('deep', nest(${MAX_JSON_DEPTH + 1})); } catch (error) { refused = error.name; }
      store('__proto__', { a: 1 });
      return [refused, load('deep') === undefined, load('__proto__')];
    `);
    expect(returned(first)).toEqual([expect.stringMatching(/Error$/), true, { a: 1 }]);
    expect(h.codeMode.storedValue('deep')).toBeUndefined();
    expect(h.codeMode.storedValue('__proto__')).toEqual({ a: 1 });
    const second = await h.exec(`return [load('__proto__'), JSON.stringify(load('edge')).length, load('deep') ?? null];`);
    expect(returned(second)).toEqual([{ a: 1 }, 2 * MAX_JSON_DEPTH + 1, null]);
  });
});
