import { describe, expect, it, vi } from 'vitest';
import { createInProcessTransport } from '../host/in-process-transport.js';
import { compileWasmFile, wasmFileCompiler } from '../shared/wasm-file-compiler.js';
import { quickJsBuildLoader } from './quickjs-build.js';
import { createQuickJsInstance, memoryCapBytes } from './quickjs-instance.js';

const CAP = memoryCapBytes(8 * 1024 * 1024);

/** Evaluate `code` in a fresh runtime and context of `instance`, returning the dumped value. */
function evaluate(instance: Awaited<ReturnType<typeof createQuickJsInstance>>, code: string): unknown {
  const runtime = instance.quickjs.newRuntime();
  const context = runtime.newContext();
  try {
    const handle = context.unwrapResult(context.evalCode(code));
    const value: unknown = context.dump(handle);
    handle.dispose();
    return value;
  } finally {
    context.dispose();
    runtime.dispose();
  }
}

describe('the QuickJS build loader', () => {
  // First, while this file's shared build is not loaded yet. An unhandled rejection would
  // fail the run.
  it('hands a failed compile, which the prewarm of the transport started, to the first program, and the next program compiles again', async () => {
    const failure = new Error('no WebAssembly today');
    // The shared tsconfig's `lib` has no WebAssembly types.
    const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<unknown> } }).WebAssembly;
    const compile = vi.spyOn(wasm, 'compile').mockRejectedValueOnce(failure);
    try {
      const transport = createInProcessTransport();
      expect(compile).toHaveBeenCalledTimes(1);
      const request = { source: 'return 1', bindings: [], onToolBatch: () => [] };
      await expect(transport.run(request)).rejects.toBe(failure);
      await expect(transport.run(request)).resolves.toMatchObject({ status: 'completed', returnValue: 1 });
      expect(compile).toHaveBeenCalledTimes(2);
      await transport.close();
    } finally {
      compile.mockRestore();
    }
  });

  it('compiles the module once, when the first instance is asked for, and every instance shares it with its own memory', async () => {
    const compile = vi.fn(compileWasmFile);
    const load = quickJsBuildLoader(compile);
    expect(compile).not.toHaveBeenCalled();
    const pending = [createQuickJsInstance(CAP, load), createQuickJsInstance(CAP, load)];
    // Started in the caller's task, before anything was awaited.
    expect(compile).toHaveBeenCalledTimes(1);
    const [first, second] = await Promise.all(pending);
    const third = await createQuickJsInstance(CAP, load);
    expect(compile).toHaveBeenCalledTimes(1);
    expect((await load()).wasmModule).toBeDefined();
    expect(first?.memory).not.toBe(second?.memory);
    expect(third.memory).not.toBe(first?.memory);
    expect(evaluate(third, '6 * 7')).toBe(42);
  });

  it('rejects the instances waiting for a failed compile, with its error, and compiles again for the next one', async () => {
    const failure = new Error('compile failed');
    let calls = 0;
    const load = quickJsBuildLoader(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(failure) : compileWasmFile();
    });
    const waiting = [createQuickJsInstance(CAP, load), createQuickJsInstance(CAP, load)];
    for (const instance of waiting) await expect(instance).rejects.toBe(failure);
    const instance = await createQuickJsInstance(CAP, load);
    expect(calls).toBe(2);
    expect(evaluate(instance, '1 + 1')).toBe(2);
  });

  it('lets each instance load its own module where the file cannot be found', async () => {
    const missing = wasmFileCompiler('@jitl/quickjs-wasmfile-release-sync/no-such-file');
    expect(missing()).toBeUndefined();
    expect(wasmFileCompiler('@jitl/quickjs-wasmfile-release-sync/wasm')()).toBeInstanceOf(Promise);
    const load = quickJsBuildLoader(missing);
    const build = await load();
    expect(build.wasmModule).toBeUndefined();
    expect(evaluate(await createQuickJsInstance(CAP, load), '"a" + "b"')).toBe('ab');
  });
});
