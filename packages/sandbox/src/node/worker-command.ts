import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { sanitizedEnvironment, v8HeapMib, v8StackKib } from './child-command.js';

/** Node's default stack for a worker thread (MiB): it holds a guest stack of 768 KiB. */
const DEFAULT_WORKER_STACK_MIB = 4;

/** How to start one sandbox worker thread. */
export interface WorkerThreadOptions {
  /** The entry module, or (from sources) code that loads it. */
  readonly entry: URL | string;
  readonly eval: boolean;
  readonly execArgv: string[];
  readonly env: Record<string, string>;
  readonly resourceLimits: ResourceLimits;
}

/**
 * The resource limits of a worker: the same V8 heap as a child process gets, and a stack
 * that holds the guest stack (a V8 frame for every QuickJS frame, see `v8StackKib`).
 */
export function workerResourceLimits(limits: SandboxLimits, stackBytes: number): ResourceLimits {
  const stackKib = v8StackKib(stackBytes);
  return {
    maxOldGenerationSizeMb: v8HeapMib(limits),
    stackSizeMb: Math.max(DEFAULT_WORKER_STACK_MIB, stackKib === undefined ? 0 : Math.ceil(stackKib / 1024)),
  };
}

/**
 * The options of a worker. Built output loads the entry module; from sources (tests) the
 * worker registers tsx first, then imports the `.ts` entry under the `@toolcell/source`
 * condition. The parent's `execArgv` is never inherited and the environment is the same
 * minimal one a child gets (a worker's `process.env` is its own copy).
 */
export function workerThreadOptions(options: { stackBytes: number; limits: SandboxLimits }): WorkerThreadOptions {
  const here = import.meta.url;
  const common = { env: sanitizedEnvironment(), resourceLimits: workerResourceLimits(options.limits, options.stackBytes) };
  if (!here.endsWith('.ts')) return { entry: new URL('./worker/worker-entry.js', here), eval: false, execArgv: [], ...common };
  const tsxApi = pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const entry = new URL('./worker/worker-entry.ts', here).href;
  const loader = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); })`;
  return { entry: loader, eval: true, execArgv: ['--conditions=@toolcell/source'], ...common };
}
