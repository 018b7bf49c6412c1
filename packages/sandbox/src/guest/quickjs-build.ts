import type * as quickJsEmscriptenCore from 'quickjs-emscripten-core';
import type { CustomizeVariantOptions, QuickJSSyncVariant } from 'quickjs-emscripten-core';

/** The loader library's exports. */
export type QuickJsCore = typeof quickJsEmscriptenCore;
/** A compiled `WebAssembly.Module` of the QuickJS build. */
export type CompiledWasmModule = Exclude<CustomizeVariantOptions['wasmModule'], (() => unknown) | undefined>;

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

/** Starts compiling the build's `.wasm`, or returns undefined where it cannot be read. */
export type WasmCompiler = () => Promise<CompiledWasmModule> | undefined;

const WASM_FILE = '@jitl/quickjs-wasmfile-release-sync/wasm';

interface NodeBuiltins {
  readFileSync(path: string): Uint8Array;
  createRequire(from: string): { resolve(specifier: string): string };
}

/**
 * A compiler that reads the `.wasm` named by `specifier` and starts `WebAssembly.compile`,
 * which V8 runs off the main thread. `process.getBuiltinModule` (not an import) keeps this
 * folder loadable where Node's built-ins do not exist. Where the file cannot be found from
 * here (an application bundled into one file), it returns undefined and emscripten looks
 * for the file its own way, as it did before.
 */
export function wasmFileCompiler(specifier: string): WasmCompiler {
  return () => {
    const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
    if (typeof getBuiltin !== 'function') return undefined;
    const { readFileSync } = getBuiltin('node:fs') as NodeBuiltins;
    const { createRequire } = getBuiltin('node:module') as NodeBuiltins;
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(createRequire(import.meta.url).resolve(specifier));
    } catch {
      return undefined;
    }
    // The shared tsconfig's `lib` has no WebAssembly types (see quickjs-instance.ts).
    const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasmModule> } }).WebAssembly;
    return wasm.compile(bytes);
  };
}

/** The compiler of the pinned build's `.wasm`. */
export const compileWasmFile: WasmCompiler = wasmFileCompiler(WASM_FILE);

// The package's types describe its CommonJS build (`{ default: variant }`); the ESM build
// that Node and bundlers load exports the variant itself. Accept both.
function syncVariant(module: { default: unknown }): QuickJSSyncVariant {
  const exported = module.default as QuickJSSyncVariant | { default: QuickJSSyncVariant };
  return 'default' in exported ? exported.default : exported;
}

async function load(compile: WasmCompiler): Promise<QuickJsBuild> {
  // Synchronous up to here, so the compile starts in the caller's task (a transport's
  // prewarm) and overlaps whatever the host does next. One `Promise.all` observes both at
  // once: a compile that fails first is never an unhandled rejection.
  const compiling = compile();
  const [core, variantModule, wasmModule] = await Promise.all([
    import('quickjs-emscripten-core'),
    import('@jitl/quickjs-wasmfile-release-sync'),
    compiling,
  ]);
  return { core, variant: syncVariant(variantModule), ...(wasmModule === undefined ? {} : { wasmModule }) };
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
