import type { CustomizeVariantOptions } from 'quickjs-emscripten-core';

// Compiling the QuickJS build's `.wasm`: the guest does it where it loads QuickJS, and a
// worker thread's host does it once for all its workers (see worker-wasm-module.ts).

/** A compiled `WebAssembly.Module` of the QuickJS build. */
export type CompiledWasmModule = Exclude<CustomizeVariantOptions['wasmModule'], (() => unknown) | undefined>;

/** Starts compiling the build's `.wasm`, or returns (or resolves) undefined where there is none. */
export type WasmCompiler = () => Promise<CompiledWasmModule | undefined> | undefined;

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

/** The compiler of the `.wasm` of the pinned build that quickjs-build.ts loads. */
export const compileWasmFile: WasmCompiler = wasmFileCompiler(WASM_FILE);
