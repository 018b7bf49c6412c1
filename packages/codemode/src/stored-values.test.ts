import { describe, expect, it } from 'vitest';
import { SessionValues, StoredValueError } from './stored-values.js';

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
    expect(() => cell.write('f', { when: new Date(0) } as never)).toThrow(StoredValueError);
    expect(() => cell.write('f', { when: new Date(0) } as never)).toThrow('not JSON-safe at "/when"');
    cell.write('k', 'small');
    cell.write('k', 'small2');
    expect(cell.writtenKeys).toEqual(['k']);
    cell.commit();
    expect(session.bytes).toBe(1 + '"small2"'.length);
  });
});
