import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '../shared/json-depth.js';
import { encodeJsonValue } from './encode-json-value.js';

const nested = (depth: number): unknown => JSON.parse('['.repeat(depth) + ']'.repeat(depth));

describe('encodeJsonValue', () => {
  it('writes the same text as JSON.stringify for plain data', () => {
    const value = { a: [1, -0, 'x"\u0000\ud800', true, null, { b: {} }], skipped: undefined, [`key"`]: [] };
    expect(encodeJsonValue(value, 1024)).toEqual({ ok: true, json: JSON.stringify(value) });
    expect(encodeJsonValue(Object.create(null), 1024)).toEqual({ ok: true, json: '{}' });
  });

  it.each([
    ['a bigint', { a: 1n }, 'the member at /a is a bigint, which is not JSON data'],
    ['a typed array', { bytes: new Uint8Array(2) }, 'the member at /bytes is a Uint8Array instance, which is not plain JSON data'],
    ['a Date', [new Date(0)], 'the member at /0 is a Date instance, which is not plain JSON data'],
    ['NaN', [NaN], 'the member at /0 is NaN, which is not a JSON number'],
    ['undefined in an array', [1, undefined], 'the member at /1 is undefined, which is not JSON data'],
    // eslint-disable-next-line no-sparse-arrays -- a hole is what is tested
    ['a hole', [1, , 2], 'the member at /1 is undefined, which is not JSON data'],
    ['a function', { f: () => 1 }, 'the member at /f is a function, which is not JSON data'],
  ])('refuses %s, saying where', (_case, value, reason) => {
    expect(encodeJsonValue(value, 1024)).toEqual({ ok: false, problem: 'not-json', reason });
  });

  it('refuses a cycle, and accepts the same object twice side by side', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = { again: cycle };
    expect(encodeJsonValue(cycle, 1024)).toEqual({ ok: false, problem: 'not-json', reason: 'the member at /self/again refers back to a value that contains it (a cycle)' });
    const shared = { n: 1 };
    expect(encodeJsonValue([shared, shared], 1024)).toEqual({ ok: true, json: '[{"n":1},{"n":1}]' });
  });

  it('turns throwing getters and Proxy traps into an answer, not an exception', () => {
    const getter = { get x(): never { throw new Error('getter boom'); } };
    expect(encodeJsonValue(getter, 1024)).toEqual({ ok: false, problem: 'not-json', reason: 'reading the member at /x threw (getter boom)' });
    const trap = new Proxy({}, { ownKeys: () => { throw new Error('trap boom'); } });
    expect(encodeJsonValue({ p: trap }, 1024)).toEqual({ ok: false, problem: 'not-json', reason: 'reading the member at /p threw (trap boom)' });
    const prototypeTrap = new Proxy({}, { getPrototypeOf: () => { throw new Error('proto boom'); } });
    expect(encodeJsonValue(prototypeTrap, 1024)).toMatchObject({ ok: false, problem: 'not-json' });
  });

  it('bounds depth without recursion: 5000 and 1e6 levels are refused, MAX_JSON_DEPTH levels pass', () => {
    expect(encodeJsonValue(nested(MAX_JSON_DEPTH), 1 << 20)).toMatchObject({ ok: true });
    for (const depth of [MAX_JSON_DEPTH + 1, 5000, 1_000_000]) {
      expect(encodeJsonValue(nested(depth), 1 << 24)).toEqual({ ok: false, problem: 'not-json', reason: `it nests deeper than ${MAX_JSON_DEPTH} levels` });
    }
  });

  it('stops at maxBytes, counting UTF-8 bytes', () => {
    expect(encodeJsonValue('é'.repeat(4), 10)).toEqual({ ok: true, json: '"éééé"' });
    expect(encodeJsonValue('é'.repeat(5), 10)).toEqual({ ok: false, problem: 'too-large', reason: 'it is over 10 bytes of JSON' });
    expect(encodeJsonValue('x'.repeat(40_000_000), 1024)).toMatchObject({ ok: false, problem: 'too-large' });
    // Counting starts in the middle of the walk (the text so far could not be over): 18 characters, 28 bytes.
    expect(encodeJsonValue(['a', 'é'.repeat(10)], 28)).toEqual({ ok: true, json: '["a","éééééééééé"]' });
    expect(encodeJsonValue(['a', 'é'.repeat(10)], 27)).toEqual({ ok: false, problem: 'too-large', reason: 'it is over 27 bytes of JSON' });
    // An array-like that claims a huge length is stopped by the byte bound, not walked.
    const endless = new Proxy([], { get: (target, key) => (key === 'length' ? 2 ** 32 - 1 : key in target ? Reflect.get(target, key) : 0) });
    expect(encodeJsonValue(endless, 1024)).toMatchObject({ ok: false, problem: 'too-large' });
  });
});

describe('jsonNestsDeeperThan', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonNestsDeeperThan('[[{"a":[]}]]', 4)).toBe(false);
    expect(jsonNestsDeeperThan('[[{"a":[[]]}]]', 4)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify(['[[[[[[', '\\"[[[[']), 1)).toBe(false);
    expect(jsonNestsDeeperThan('['.repeat(1_000_000) + ']'.repeat(1_000_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
