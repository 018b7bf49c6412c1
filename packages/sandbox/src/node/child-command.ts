import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { turnDataLimit } from '../shared/turn-data-limit.js';

/** V8's default stack (about 984 KiB) holds a 256 KiB guest stack with room to spare. */
const DEFAULT_GUEST_STACK_BYTES = 256 * 1024;

/** How to start one sandbox child. */
export interface ChildCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/**
 * The V8 stack (in KiB, for `--stack-size`) a child needs for a guest stack of
 * `stackBytes`, or `undefined` for V8's default. Every QuickJS frame is also a V8 frame of
 * the WebAssembly code running it, several times larger: measured, a 512 KiB guest stack
 * overflowed V8's default stack before QuickJS's own check fired.
 */
export function v8StackKib(stackBytes: number): number | undefined {
  if (stackBytes <= DEFAULT_GUEST_STACK_BYTES) return undefined;
  return Math.ceil(stackBytes / 1024) * 4 + 1024;
}

const MIB = 1024 * 1024;
/** V8 heap a child needs besides the data of one turn (the engine's own code and state). */
const BASE_HEAP_MIB = 128;
/** What a child process needs beyond its heaps: code, stacks, buffers. */
const BASE_PROCESS_MIB = 160;

/**
 * The V8 old-space limit of a child (`--max-old-space-size`, MiB): room for one turn's data
 * held as strings twice (the call ledger and the frame) at two bytes a character.
 */
export function v8HeapMib(limits: SandboxLimits): number {
  return BASE_HEAP_MIB + Math.ceil((4 * turnDataLimit(limits)) / MIB);
}

/**
 * The memory a child process stays under (bytes): its V8 heap, the QuickJS
 * `WebAssembly.Memory` cap (16 MiB + 1.25 × `memoryBytes`), the frame buffers of one turn
 * (UTF-8, up to 3 bytes a character) and the process itself. 608 MiB with the default limits.
 */
export function childMemoryBound(limits: SandboxLimits): number {
  const wasm = 16 * MIB + 1.25 * limits.memoryBytes;
  return v8HeapMib(limits) * MIB + wasm + 3 * turnDataLimit(limits) + BASE_PROCESS_MIB * MIB;
}

/**
 * A minimal environment: `PATH` and the temp-dir variables, nothing else (no `NODE_OPTIONS`,
 * no secrets). Windows also needs `SystemRoot` for Node itself to start.
 */
export function sanitizedEnvironment(source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const names = ['PATH', 'TMPDIR', 'TMP', 'TEMP', ...(process.platform === 'win32' ? ['Path', 'SystemRoot'] : [])];
  const environment: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (value !== undefined) environment[name] = value;
  }
  return environment;
}

/**
 * The command for a child. Built output runs as plain Node; from sources (tests and tools
 * that load `.ts` through the `@toolcell/source` condition) the child loads tsx and the
 * same condition. The parent's own `execArgv` is never inherited, and V8 code generation
 * from strings is off in the child (the guest's `eval` is QuickJS's, unaffected).
 */
export function childCommand(options: { memoryBytes: number; stackBytes: number; limits: SandboxLimits }): ChildCommand {
  const here = import.meta.url;
  const fromSource = here.endsWith('.ts');
  const entry = fileURLToPath(new URL(fromSource ? './child/child-entry.ts' : './child/child-entry.js', here));
  const stack = v8StackKib(options.stackBytes);
  const args = [
    ...(stack === undefined ? [] : [`--stack-size=${stack}`]),
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${v8HeapMib(options.limits)}`,
    ...(fromSource ? ['--conditions=@toolcell/source', '--import', pathToFileURL(createRequire(here).resolve('tsx/esm')).href] : []),
    entry,
    String(options.memoryBytes),
  ];
  return { command: process.execPath, args, env: sanitizedEnvironment() };
}
