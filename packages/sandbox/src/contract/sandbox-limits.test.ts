import { ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_LIMITS, SANDBOX_LIMIT_BOUNDS, resolveSandboxLimits } from './sandbox-limits.js';

describe('resolveSandboxLimits', () => {
  it('starts from the documented defaults', () => {
    expect(resolveSandboxLimits()).toEqual({
      cpuBudgetMs: 30_000,
      memoryBytes: 64 * 1024 * 1024,
      stackBytes: 256 * 1024,
      sourceBytes: 128 * 1024,
      maxTextChars: 100_000,
      maxResultBytes: 1024 * 1024,
      maxMediaItems: 16,
      maxMediaBytes: 10 * 1024 * 1024,
      maxTimers: 1024,
      maxMessageBytes: 16 * 1024 * 1024,
      maxStoredBytes: 1024 * 1024,
      bootTimeoutMs: 10_000,
      watchdogGraceMs: 2_000,
      maxSnapshotBytes: 64 * 1024 * 1024,
    });
    expect(Object.isFrozen(DEFAULT_SANDBOX_LIMITS)).toBe(true);
  });

  it('lets later layers win and skips undefined values', () => {
    const limits = resolveSandboxLimits({ cpuBudgetMs: 100, maxTimers: 5 }, undefined, { cpuBudgetMs: 200, maxTimers: undefined });
    expect(limits.cpuBudgetMs).toBe(200);
    expect(limits.maxTimers).toBe(5);
    expect(Object.isFrozen(limits)).toBe(true);
  });

  it('refuses an unknown limit by name', () => {
    const attempt = () => resolveSandboxLimits({ cpuBudget: 5 } as never);
    expect(attempt).toThrow(/^limits\.cpuBudget: unknown limit; known limits are cpuBudgetMs, /);
    try {
      attempt();
    } catch (error) {
      expect(ToolcellError.isInstance(error) && error.code).toBe('INVALID_CONFIGURATION');
    }
  });

  it.each([
    ['cpuBudgetMs', 0],
    ['memoryBytes', 1024],
    ['stackBytes', 4 * 1024 * 1024],
    ['maxTimers', 1.5],
    ['sourceBytes', Number.NaN],
  ] as const)('refuses %s = %s', (name, value) => {
    expect(() => resolveSandboxLimits({ [name]: value })).toThrow(new RegExp(`^limits\\.${name}: must be an integer from \\d+ to \\d+, got ${String(value)}$`));
  });

  it.each(Object.entries(SANDBOX_LIMIT_BOUNDS))('checks %s against the bounds it exports', (name, [min, max]) => {
    expect(DEFAULT_SANDBOX_LIMITS[name as keyof typeof DEFAULT_SANDBOX_LIMITS]).toBeGreaterThanOrEqual(min);
    expect(DEFAULT_SANDBOX_LIMITS[name as keyof typeof DEFAULT_SANDBOX_LIMITS]).toBeLessThanOrEqual(max);
    expect(resolveSandboxLimits({ [name]: min })[name as keyof typeof DEFAULT_SANDBOX_LIMITS]).toBe(min);
    expect(resolveSandboxLimits({ [name]: max })[name as keyof typeof DEFAULT_SANDBOX_LIMITS]).toBe(max);
    expect(() => resolveSandboxLimits({ [name]: min - 1 })).toThrow(`limits.${name}: must be an integer from ${min} to ${max}, got ${min - 1}`);
    expect(() => resolveSandboxLimits({ [name]: max + 1 })).toThrow(`limits.${name}: must be an integer from ${min} to ${max}, got ${max + 1}`);
    expect(Object.isFrozen(SANDBOX_LIMIT_BOUNDS)).toBe(true);
  });
});
