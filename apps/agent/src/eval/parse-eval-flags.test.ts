import { describe, expect, it } from 'vitest';
import { parseArms, parseTasksPerFamily } from './parse-eval-flags.js';

describe('eval flags', () => {
  it('reads --arms in the order given, all three by default', () => {
    expect(parseArms(undefined)).toEqual(['direct', 'code_mode', 'code_mode_only']);
    expect(parseArms('code_mode_only, direct')).toEqual(['code_mode_only', 'direct']);
    expect(() => parseArms('direct,fast')).toThrow('--arms: "fast" is not an arm; use a comma-separated list of direct, code_mode, code_mode_only.');
    expect(() => parseArms('direct,direct')).toThrow('--arms: direct is listed twice; name each arm once.');
  });

  it('reads --tasks as a whole number from 1 to 100, 3 by default', () => {
    expect(parseTasksPerFamily(undefined)).toBe(3);
    expect(parseTasksPerFamily('10')).toBe(10);
    for (const bad of ['0', '1.5', 'many', '101']) expect(() => parseTasksPerFamily(bad)).toThrow(`--tasks: "${bad}" is not a whole number from 1 to 100 (tasks per family).`);
  });
});
