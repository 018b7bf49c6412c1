import type { CustomizeVariantOptions } from 'quickjs-emscripten-core';
import { nodeBuiltin } from './node-builtin.js';

// Compiling the QuickJS build's `.wasm`: the guest does it where it loads QuickJS, and a
// worker thread's host does it once for all its workers (see worker-wasm-module.ts).

/** A compiled `WebAssembly.Module` of the QuickJS build. */
export type CompiledWasmModule = Exclude<CustomizeVariantOptions['wasmModule'], (() => unknown) | undefined>;

/** Starts compiling the build's `.wasm`, or returns (or resolves) undefined where there is none. */
export type WasmCompiler = () => Promise<CompiledWasmModule | undefined> | undefined;

interface NodeBuiltins {
  readFileSync(path: string | URL): Uint8Array;
  createRequire(from: string): { resolve(specifier: string): string };
}

/**
 * Where `specifier` is, from here: by the ESM resolver where it runs this module (it knows
 * the package already, as it loads Emscripten's glue from it: half the cost of starting
 * CommonJS's resolver on a cold start), else by `require.resolve`.
 */
function resolveFile(specifier: string): string | URL {
  const resolveUrl = (import.meta as { resolve?: (specifier: string) => string }).resolve;
  const url = typeof resolveUrl === 'function' ? resolveUrl(specifier) : undefined;
  if (url?.startsWith('file:') === true) return new URL(url);
  const modules = nodeBuiltin<Pick<NodeBuiltins, 'createRequire'>>('node:module');
  if (modules === undefined) throw new Error(`cannot resolve ${specifier} without node:module`);
  return modules.createRequire(import.meta.url).resolve(specifier);
}

/** Resolved `.wasm` paths, per specifier (resolving costs a few ms on a cold start). */
const resolvedPaths = new Map<string, string | URL>();
/** The bytes read last, for another reader in the same task (see {@link readWasmFile}). */
let justRead: { readonly specifier: string; readonly bytes: Uint8Array } | undefined;

/**
 * The bytes of the `.wasm` named by `specifier`, or undefined where it cannot be found from
 * here or there are no Node built-ins. A cold start reads the file twice in one task (the
 * compile and the build fingerprint's digest): the second read gets the first's bytes,
 * which are let go once the task ends.
 */
export function readWasmFile(specifier: string): Uint8Array | undefined {
  if (justRead?.specifier === specifier) return justRead.bytes;
  const fs = nodeBuiltin<Pick<NodeBuiltins, 'readFileSync'>>('node:fs');
  if (fs === undefined) return undefined;
  try {
    let path = resolvedPaths.get(specifier);
    if (path === undefined) {
      path = resolveFile(specifier);
      resolvedPaths.set(specifier, path);
    }
    const bytes = fs.readFileSync(path);
    justRead = { specifier, bytes };
    queueMicrotask(() => {
      justRead = undefined;
    });
    return bytes;
  } catch {
    return undefined;
  }
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
    const bytes = readWasmFile(specifier);
    if (bytes === undefined) return undefined;
    // The shared tsconfig's `lib` has no WebAssembly types (see quickjs-instance.ts).
    const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasmModule> } }).WebAssembly;
    return wasm.compile(bytes);
  };
}

/** The `.wasm` of the pinned build that quickjs-build.ts loads. */
export const PINNED_WASM_FILE = '@jitl/quickjs-wasmfile-release-sync/wasm';

/** The compiler of the `.wasm` of the pinned build. */
export const compileWasmFile: WasmCompiler = wasmFileCompiler(PINNED_WASM_FILE);
