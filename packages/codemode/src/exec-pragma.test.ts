import { describe, expect, it } from 'vitest';
import { safeParseExecPragma } from './exec-pragma.js';

describe('safeParseExecPragma', () => {
  it('passes a program without a pragma through unchanged', () => {
    expect(safeParseExecPragma('return 1')).toEqual({ success: true, value: { source: 'return 1', pragma: {} } });
  });

  it('parses and strips the first-line pragma, keeping line numbers', () => {
    const result = safeParseExecPragma('// @exec: {"yield_time_ms": 250, "max_output_tokens": 40}\nreturn 2');
    expect(result).toEqual({ success: true, value: { source: '\nreturn 2', pragma: { yield_time_ms: 250, max_output_tokens: 40 } } });
  });

  it('ignores a pragma that is not on the first line', () => {
    const program = 'const a = 1;\n// @exec: {"bogus": true}';
    expect(safeParseExecPragma(program)).toEqual({ success: true, value: { source: program, pragma: {} } });
  });

  it.each([
    ['// @exec: {yield_time_ms: 1}', 'must be a JSON object'],
    ['// @exec: [1]', 'must be a JSON object with'],
    ['// @exec: {"yield_ms": 1}', 'unknown @exec pragma key "yield_ms"'],
    ['// @exec: {"yield_time_ms": -1}', 'yield_time_ms must be a non-negative safe integer; got -1'],
    ['// @exec: {"max_output_tokens": 1.5}', 'max_output_tokens must be a non-negative safe integer'],
    ['// @exec: {"max_output_tokens": 9007199254740993}', 'must be a non-negative safe integer'],
    ['// @exec: {"max_output_tokens": "10"}', 'got "10"'],
    ['// @exec: {"yield_time_ms": 3000000000}', 'yield_time_ms must be at most 3600000 (one hour); got 3000000000'],
  ])('rejects %s with a clear error', (program, message) => {
    const result = safeParseExecPragma(`${program}\nreturn 1`);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error).toContain(message);
  });
});
