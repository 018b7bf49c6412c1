import type { QuickJSSyncVariant } from 'quickjs-emscripten-core';
import { compileWasmFile } from '../shared/wasm-file-compiler.js';
import type { CompiledWasmModule, WasmCompiler } from '../shared/wasm-file-compiler.js';
import type { core } from './quickjs-library.js';

/** The loader library's exports. */
export type QuickJsCore = typeof core;

/** What every QuickJS instance is made of, loaded once per process or worker. */
export interface QuickJsBuild {
  readonly core: QuickJsCore;
  readonly variant: QuickJSSyncVariant;
  /**
   * The compiled module all instances share (their code is immutable; each has its own
   * memory), where the runtime can read the file (Node). Elsewhere it is absent and each
   * instance loads and compiles the module itself.
   */
  readonly wasmModule?: CompiledWasmModule;
}

async function load(compile: WasmCompiler): Promise<QuickJsBuild> {
  // Synchronous up to here, so the compile starts in the caller's task (a transport's
  // prewarm) and overlaps whatever the host does next. One `Promise.all` observes both at
  // once: a compile that fails first is never an unhandled rejection. Emscripten's glue, a
  // module of its own, is loaded meanwhile too: the first instance finds it loaded.
  const compiling = compile();
  const [{ core, variant }, wasmModule] = await Promise.all([
    import('./quickjs-library.js').then(async (library) => {
      await library.variant.importModuleLoader();
      return library;
    }),
    compiling,
  ]);
  return { core, variant, ...(wasmModule === undefined ? {} : { wasmModule }) };
}

/**
 * A loader of the build that loads it once and shares it. QuickJS stays unloaded until the
 * first instance (a parent that runs programs in a child process never loads it). A failed
 * load is not kept: it rejects the instances waiting for it, and the next one tries again.
 */
export function quickJsBuildLoader(compile: WasmCompiler = compileWasmFile): () => Promise<QuickJsBuild> {
  let loading: Promise<QuickJsBuild> | undefined;
  return () => {
    loading ??= load(compile).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/** The build this process's instances share. */
export const loadQuickJsBuild = quickJsBuildLoader();
