import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import { sanitizedEnvironment, v8HeapMib } from './child-command.js';
import { workerResourceLimits, workerThreadOptions } from './worker-command.js';

describe('workerThreadOptions', () => {
  it('gives a worker the minimal environment, no inherited execArgv, and loads the sources through tsx', () => {
    const thread = workerThreadOptions({ stackBytes: DEFAULT_SANDBOX_LIMITS.stackBytes, limits: DEFAULT_SANDBOX_LIMITS });
    expect(thread.env).toEqual(sanitizedEnvironment());
    expect(thread.execArgv).toEqual(['--conditions=@toolcell/source']);
    expect(thread.eval).toBe(true);
    expect(String(thread.entry)).toMatch(/register\(\).*worker\/worker-entry\.ts/);
  });
});

describe('workerResourceLimits', () => {
  it('caps the heap like a child and raises the stack for a large guest stack', () => {
    expect(workerResourceLimits(DEFAULT_SANDBOX_LIMITS, 256 * 1024)).toEqual({ maxOldGenerationSizeMb: v8HeapMib(DEFAULT_SANDBOX_LIMITS), stackSizeMb: 4 });
    expect(workerResourceLimits(DEFAULT_SANDBOX_LIMITS, 2 * 1024 * 1024).stackSizeMb).toBe(9);
  });
});
