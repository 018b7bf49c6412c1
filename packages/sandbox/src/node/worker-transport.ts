import { createPooledTransport } from './pooled-transport.js';
import type { PooledTransport, PooledTransportOptions } from './pooled-transport.js';
import { SandboxWorker } from './sandbox-worker.js';
import { sharedWorkerWasmModule } from './worker-wasm-module.js';
import type { WorkerWasmModule } from './worker-wasm-module.js';

/** Options of {@link createWorkerTransport}. */
export type WorkerTransportOptions = PooledTransportOptions;

/** The worker-thread transport, with a view of its pool (worker thread ids). */
export type WorkerTransport = PooledTransport;

/**
 * Each program runs in a pooled worker thread of the host process, with V8 resource
 * limits (heap, stack), the same minimal environment as a child process and the same
 * limits, watchdog and codes. Nested calls cross a SharedArrayBuffer with `Atomics` instead
 * of pipes, several times faster than the child-process transport; in exchange the
 * worker shares the host's process (its memory, file descriptors and permissions), so an
 * interpreter fault that takes the process down takes the host with it. A worker is ended
 * with `worker.terminate()` on cancellation, on a limit, or when the watchdog fires, and
 * replaced in the background. `close()` resolves once every worker has exited. The host
 * compiles the QuickJS module once, when it starts its first worker, and hands it to
 * every worker (they skip their own compile).
 *
 * @throws ConfigurationError when `options.limits` or `options.pool` cannot work.
 */
export function createWorkerTransport(options: WorkerTransportOptions = {}): WorkerTransport {
  return workerTransportWith(options, sharedWorkerWasmModule);
}

/** {@link createWorkerTransport} with the workers' module from `wasmModule` (tests count its compiles). */
export function workerTransportWith(options: WorkerTransportOptions, wasmModule: WorkerWasmModule): WorkerTransport {
  return createPooledTransport(options, (peerOptions) => new SandboxWorker({ ...peerOptions, wasmModule }));
}
