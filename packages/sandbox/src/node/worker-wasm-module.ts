import { compileWasmFile } from '../shared/wasm-file-compiler.js';
import type { CompiledWasmModule, WasmCompiler } from '../shared/wasm-file-compiler.js';

/**
 * The QuickJS module compiled once in the host for every worker it starts: a compiled
 * `WebAssembly.Module` crosses to a worker thread (in `workerData` or a message) without
 * being compiled again. The compile starts with the first worker, never at import, so a
 * host that never starts one never loads QuickJS. A failed compile is kept as "none": each
 * worker then compiles the module itself, as it did before.
 */
export class WorkerWasmModule {
  private compiling: Promise<CompiledWasmModule | undefined> | undefined;
  private module: CompiledWasmModule | undefined;

  constructor(private readonly compile: WasmCompiler = compileWasmFile) {}

  /** The module, once compiled (a worker started now gets it in its `workerData`). */
  get compiled(): CompiledWasmModule | undefined {
    return this.module;
  }

  /** Starts the compile the first time; resolves undefined when there is no module. */
  whenCompiled(): Promise<CompiledWasmModule | undefined> {
    this.compiling ??= Promise.resolve()
      .then(() => this.compile())
      .then(
        (module) => (this.module = module),
        () => undefined,
      );
    return this.compiling;
  }
}

/** The module this process's workers share. */
export const sharedWorkerWasmModule = new WorkerWasmModule();
