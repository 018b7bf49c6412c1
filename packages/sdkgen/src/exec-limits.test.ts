import { describe, expect, it } from 'vitest';
import { DEFAULT_EXEC_LIMITS, formatBytes, formatCount, formatDuration, resolveExecLimits } from './exec-limits.js';

describe('exec limits', () => {
  it('formats figures the same way on every machine', () => {
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(999)).toBe('999');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatBytes(3 * 1024 * 1024 * 1024)).toBe('3 GiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatDuration(30_000)).toBe('30 s');
    expect(formatDuration(250)).toBe('250 ms');
  });

  it('overrides defaults one limit at a time', () => {
    expect(resolveExecLimits()).toEqual(DEFAULT_EXEC_LIMITS);
    expect(resolveExecLimits({ cpuMs: 5_000, textChars: undefined })).toEqual({ ...DEFAULT_EXEC_LIMITS, cpuMs: 5_000 });
  });

  it('rejects a limit that is not a positive number, with the setting at fault', () => {
    expect(() => resolveExecLimits({ memoryBytes: Number.POSITIVE_INFINITY })).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIGURATION',
        setting: 'exec.limits.memoryBytes',
        message: 'exec.limits.memoryBytes: Infinity is not a positive number; give the value the sandbox enforces.',
      }),
    );
  });
});
