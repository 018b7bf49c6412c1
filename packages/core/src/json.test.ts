import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, findJsonSafetyViolation, jsonTextNestsDeeperThan } from './json.js';

describe('findJsonSafetyViolation', () => {
  it('accepts plain JSON data', () => {
    expect(findJsonSafetyViolation({ a: [1, 'x', true, null, { b: -0.5 }], skipped: undefined })).toBeUndefined();
    expect(findJsonSafetyViolation(Object.create(null))).toBeUndefined();
  });

  it.each([
    [{ f: () => 1 }, '/f', 'function'],
    [{ n: Number.NaN }, '/n', 'NaN'],
    [[1, undefined], '/1', 'undefined'],
    [{ big: 1n }, '/big', 'BigInt'],
    [{ when: new Date(0) }, '/when', 'Date instance'],
    [{ 'a/b': { s: Symbol('x') } }, '/a~1b/s', 'Symbol'],
  ])('reports %o at its path', (value, path, reason) => {
    const violation = findJsonSafetyViolation(value);
    expect(violation?.path).toBe(path);
    expect(violation?.reason).toContain(reason);
  });

  it('reports cycles but accepts shared (acyclic) references', () => {
    const shared = { x: 1 };
    expect(findJsonSafetyViolation({ a: shared, b: shared })).toBeUndefined();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(findJsonSafetyViolation(cyclic)).toEqual({ path: '/self', reason: 'the value contains a cycle' });
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    const deep: unknown = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000));
    const violation = findJsonSafetyViolation(deep);
    expect(violation?.reason).toBe(`the value is nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(violation?.path).toBe('/0'.repeat(MAX_JSON_DEPTH));
    const atLimit: unknown = JSON.parse('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH));
    expect(findJsonSafetyViolation(atLimit)).toBeUndefined();
    expect(findJsonSafetyViolation({ a: { b: {} } }, { maxDepth: 2 })?.path).toBe('/a/b');
  });

  it('reports throwing getters and Proxy traps instead of throwing', () => {
    const getter = { ok: 1, get bad(): never { throw new Error('boom'); } };
    expect(findJsonSafetyViolation({ nested: getter })).toEqual({ path: '/nested', reason: 'reading it threw (boom)' });
    const trap = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } });
    expect(findJsonSafetyViolation([trap])?.reason).toBe('reading it threw (trap)');
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(findJsonSafetyViolation({ proxy })?.reason).toContain('reading it threw');
  });

  it('reports a violation beyond the quick check of small values, at its path', () => {
    // Over 256 arrays and objects, and over 32 levels: the full walk decides.
    const wide = Array.from({ length: 300 }, (_, index) => ({ index }));
    expect(findJsonSafetyViolation(wide)).toBeUndefined();
    (wide[299] as Record<string, unknown>)['index'] = Number.POSITIVE_INFINITY;
    expect(findJsonSafetyViolation(wide)).toEqual({ path: '/299/index', reason: 'Infinity is not a JSON number' });
    const deep: unknown = JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`);
    expect(findJsonSafetyViolation(deep)).toBeUndefined();
    let innermost = deep as unknown[];
    while (Array.isArray(innermost[0])) innermost = innermost[0] as unknown[];
    innermost[0] = () => 1;
    expect(findJsonSafetyViolation(deep)?.path).toBe('/0'.repeat(40));
  });

  it('calls a getter once when the value is safe', () => {
    let reads = 0;
    const value = {
      get counted(): number {
        reads += 1;
        return 1;
      },
    };
    expect(findJsonSafetyViolation({ value })).toBeUndefined();
    expect(reads).toBe(1);
  });

  it('reports typed arrays as class instances', () => {
    expect(findJsonSafetyViolation({ bytes: new Uint8Array(2) })?.reason).toContain('Uint8Array instance');
  });
});

describe('jsonTextNestsDeeperThan', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonTextNestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(jsonTextNestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(jsonTextNestsDeeperThan(String.raw`{"a":"[[[[\\\"{{{{"}`, 1)).toBe(false);
    expect(jsonTextNestsDeeperThan('[{"a":[]},{"b":[]}]', 3)).toBe(false);
  });
});
