import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import { childCommand, childMemoryBound, sanitizedEnvironment, v8HeapMib, v8StackKib } from './child-command.js';

describe('sanitizedEnvironment', () => {
  it('keeps PATH and the temp dirs, nothing else', () => {
    const environment = sanitizedEnvironment({ PATH: '/bin', TMPDIR: '/tmp', HOME: '/root', NODE_OPTIONS: '--inspect', OPENAI_API_KEY: 'secret' });
    expect(environment).toEqual({ PATH: '/bin', TMPDIR: '/tmp' });
  });
});

describe('v8StackKib', () => {
  it('keeps V8 defaults up to a 256 KiB guest stack and raises it beyond', () => {
    expect(v8StackKib(256 * 1024)).toBeUndefined();
    expect(v8StackKib(1024 * 1024)).toBe(1024 * 4 + 1024);
  });
});

describe('childCommand', () => {
  it('runs the child from sources through tsx under the source condition, without inheriting execArgv', () => {
    const command = childCommand({ memoryBytes: 1024, stackBytes: 1024 * 1024, limits: DEFAULT_SANDBOX_LIMITS });
    expect(command.command).toBe(process.execPath);
    expect(command.args.slice(0, 3)).toEqual(['--stack-size=5120', '--disallow-code-generation-from-strings', '--max-old-space-size=256']);
    expect(command.args).toContain('--conditions=@toolcell/source');
    expect(command.args.at(-2)).toMatch(/child\/child-entry\.ts$/);
    expect(command.args.at(-1)).toBe('1024');
  });
});

describe('the child memory bound', () => {
  it('caps the V8 heap for one turn of data, and is 608 MiB with the default limits', () => {
    expect(v8HeapMib(DEFAULT_SANDBOX_LIMITS)).toBe(256);
    expect(childMemoryBound(DEFAULT_SANDBOX_LIMITS)).toBe(608 * 1024 * 1024);
  });
});
