import type { CustomizeVariantOptions, QuickJSWASMModule } from 'quickjs-emscripten-core';
import { loadQuickJsBuild } from './quickjs-build.js';
import type { QuickJsBuild } from './quickjs-build.js';
import { fixedEnvironment } from './fixed-environment.js';

const PAGE_BYTES = 65_536;
/** The module's declared minimum memory (16 MiB): static data, the C stack, the first heap. */
const INITIAL_PAGES = 256;
/** WebAssembly's 32-bit ceiling, which the module also declares as its maximum. */
const MAXIMUM_PAGES = 32_768;
const DIAGNOSTIC_LINES = 20;

/** The part of `WebAssembly.Memory` the engine uses. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
}

// The shared tsconfig's `lib` has no WebAssembly types (no DOM) and neither has
// @types/node; typing the constructor here keeps consumers' programs free of ambient files.
const WasmMemoryConstructor = (
  globalThis as unknown as { WebAssembly: { Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory } }
).WebAssembly.Memory;

/**
 * One QuickJS WebAssembly module with its own capped memory. Runtimes are created in it
 * one program at a time; once `healthy` is false (a limit was hit, or it aborted) it is
 * never used again.
 */
export interface QuickJsInstance {
  /** The module. */
  readonly quickjs: QuickJSWASMModule;
  /** Its linear memory, which cannot grow past `capBytes`. */
  readonly memory: WasmMemory;
  /** The memory's maximum size in bytes. */
  readonly capBytes: number;
  /** Whether another program may run in it. */
  healthy: boolean;
  /** The first lines the module printed (aborts and assertion failures), for diagnostics. */
  readonly diagnostics: string[];
}

/**
 * The WebAssembly memory cap for a heap limit. QuickJS's own limit does not see every
 * allocation (a `new Array(1e6).fill(1)` loop grew a process to 2 GiB under a 64 MiB
 * limit), so the module's memory is capped too: the fixed 16 MiB region, the heap limit,
 * and a quarter more for allocator overhead.
 */
export function memoryCapBytes(memoryBytes: number): number {
  const pages = INITIAL_PAGES + Math.ceil((memoryBytes * 1.25) / PAGE_BYTES);
  return Math.min(MAXIMUM_PAGES, pages) * PAGE_BYTES;
}

/**
 * Instantiate a fresh module (the sync release build) whose memory stops at `capBytes`.
 * The build is loaded (and its compile started) before the first `await`, in the caller's
 * task: a transport's prewarm starts the compile when the transport is created. The memory
 * starts with `initialBytes` (at least the module's 16 MiB): an instance that restores a
 * paused program's larger memory is created that large, since growing a memory from
 * outside the module detaches emscripten's views of it.
 */
export async function createQuickJsInstance(
  capBytes: number,
  loadBuild: () => Promise<QuickJsBuild> = loadQuickJsBuild,
  initialBytes = 0,
): Promise<QuickJsInstance> {
  const diagnostics: string[] = [];
  const record = (line: string): void => {
    if (diagnostics.length < DIAGNOSTIC_LINES) diagnostics.push(line);
  };
  const maximum = capBytes / PAGE_BYTES;
  const memory = new WasmMemoryConstructor({ initial: Math.min(maximum, Math.max(INITIAL_PAGES, Math.ceil(initialBytes / PAGE_BYTES))), maximum });
  const { core, variant: releaseSync, wasmModule } = await loadBuild();
  const variant = core.newVariant(releaseSync, {
    wasmMemory: memory as CustomizeVariantOptions['wasmMemory'],
    ...(wasmModule === undefined ? {} : { wasmModule }),
    // The module would print to the host's console; keep its lines instead. Emscripten
    // reads `print`/`printErr`, which the loader options type does not list. Its environment
    // is the same in every process (a realm image and a durable snapshot fit any of them).
    emscriptenModule: { print: record, printErr: record, ...fixedEnvironment() } as CustomizeVariantOptions['emscriptenModule'],
  });
  const quickjs = await core.newQuickJSWASMModuleFromVariant(variant);
  return { quickjs, memory, capBytes, healthy: true, diagnostics };
}
