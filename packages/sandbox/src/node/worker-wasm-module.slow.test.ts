import { afterAll, describe, expect, it, vi } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import { compileWasmFile } from '../shared/wasm-file-compiler.js';
import type { CompiledWasmModule } from '../shared/wasm-file-compiler.js';
import { SandboxWorker } from './sandbox-worker.js';
import { WorkerWasmModule } from './worker-wasm-module.js';
import { workerTransportWith } from './worker-transport.js';
import type { WorkerTransport } from './worker-transport.js';

// The QuickJS module a worker's host compiles once and hands to every worker it starts.

const limits = resolveSandboxLimits();
const LIMITS = { cpuBudgetMs: 5_000, bootTimeoutMs: 60_000 };
/** A valid module that is not QuickJS: a worker that uses it cannot start the interpreter. */
const EMPTY_MODULE = new (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => CompiledWasmModule } }).WebAssembly.Module(
  new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]),
);

const opened: WorkerTransport[] = [];
afterAll(async () => {
  await Promise.all(opened.map((transport) => transport.close()));
});

function open(wasmModule: WorkerWasmModule, size: number): WorkerTransport {
  const transport = workerTransportWith({ limits: LIMITS, pool: { size } }, wasmModule);
  opened.push(transport);
  return transport;
}

async function runs(transport: WorkerTransport, source = 'return 6 * 7', cpuBudgetMs = LIMITS.cpuBudgetMs) {
  return transport.run({ source, bindings: [], limits: { cpuBudgetMs }, onToolBatch: () => [] });
}

describe('the workers’ compiled QuickJS module (slow)', () => {
  it('is the one a worker loads QuickJS with, whether it is compiled before the worker starts or after', async () => {
    const compiledBefore = new WorkerWasmModule(() => Promise.resolve(EMPTY_MODULE));
    await compiledBefore.whenCompiled();
    const compiledAfter = new WorkerWasmModule(() => Promise.resolve(EMPTY_MODULE));
    for (const wasmModule of [compiledBefore, compiledAfter]) {
      const worker = new SandboxWorker({ memoryBytes: limits.memoryBytes, stackBytes: limits.stackBytes, limits, wasmModule });
      await expect(worker.ready).rejects.toThrow('could not start QuickJS');
      await worker.exited;
    }
  });

  it('is compiled once in the host for the pool and the workers that replace its workers', async () => {
    const compile = vi.fn(compileWasmFile);
    const transport = open(new WorkerWasmModule(compile), 2);
    expect(compile).not.toHaveBeenCalled();
    const results = await Promise.all([runs(transport), runs(transport)]);
    const limited = await runs(transport, 'for (;;) {}', 100);
    expect(limited.error?.code).toBe('EXEC_CPU_BUDGET');
    const after = await Promise.all([runs(transport), runs(transport)]);
    expect([...results, ...after].map((result) => result.returnValue)).toEqual([42, 42, 42, 42]);
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it('is compiled by each worker itself when the host’s compile fails', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('no compile')));
    const transport = open(new WorkerWasmModule(failing), 2);
    const results = await Promise.all([runs(transport), runs(transport)]);
    expect(results.map((result) => result.returnValue)).toEqual([42, 42]);
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
