import { describe, expect, it, vi } from 'vitest';
import type { CompiledWasmModule } from '../shared/wasm-file-compiler.js';
import { WorkerWasmModule } from './worker-wasm-module.js';

const MODULE = {} as CompiledWasmModule;

describe('WorkerWasmModule', () => {
  it('compiles nothing until the first worker asks, then once for all', async () => {
    const compile = vi.fn(() => Promise.resolve(MODULE));
    const shared = new WorkerWasmModule(compile);
    expect(compile).not.toHaveBeenCalled();
    expect(shared.compiled).toBeUndefined();
    const [first, second] = await Promise.all([shared.whenCompiled(), shared.whenCompiled()]);
    expect([first, second, shared.compiled, await shared.whenCompiled()]).toEqual([MODULE, MODULE, MODULE, MODULE]);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('has no module, and never tries again, when the compile fails or finds no file', async () => {
    for (const compile of [vi.fn(() => Promise.reject(new Error('no compile'))), vi.fn(() => undefined), vi.fn(() => { throw new Error('no file'); })]) {
      const shared = new WorkerWasmModule(compile);
      await expect(shared.whenCompiled()).resolves.toBeUndefined();
      await expect(shared.whenCompiled()).resolves.toBeUndefined();
      expect(shared.compiled).toBeUndefined();
      expect(compile).toHaveBeenCalledTimes(1);
    }
  });
});
