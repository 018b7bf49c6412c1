import { describe, expect, it } from 'vitest';
import { findJsonSafetyViolation } from './json.js';

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
});
