import { describe, expect, it } from 'vitest';
import { answerJson, answerNames, sameJson } from './answer-json.js';

describe('answer parsing', () => {
  it('finds the JSON a model wraps in prose, and compares it whatever the key order', () => {
    expect(answerJson('Totals: {"b": 2, "a": 1}. Done.')).toEqual({ b: 2, a: 1 });
    expect(answerJson('Still failing: ["r-01", "r-07"]')).toEqual(['r-01', 'r-07']);
    expect(answerJson('no JSON here')).toBeUndefined();
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: 0 })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });

  it('matches a name or number as a whole, not the start of a longer one', () => {
    expect(answerNames('The owner is Ada Hopper 1.', 'Ada Hopper 1')).toBe(true);
    expect(answerNames('The owner is Ada Hopper 13.', 'Ada Hopper 1')).toBe(false);
    expect(answerNames('1 EUR is 1.5 USD.', '1.5')).toBe(true);
    expect(answerNames('1 EUR is 11.5 USD.', '1.5')).toBe(false);
    expect(answerNames('1 EUR is 1.52 USD.', '1.5')).toBe(false);
    expect(answerNames('1.5', '1.5')).toBe(true);
  });
});
