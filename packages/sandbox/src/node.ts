// The Node entry of @toolcell/sandbox (`@toolcell/sandbox/node`): the child-process
// transport, the default for hosts with processes, and the worker-thread transport, the
// fast one for hosts that trust the interpreter's sandbox inside their own process. Adding
// an export is an API decision.

export type { ChildProcessTransport, ChildProcessTransportOptions } from './node/child-process-transport.js';
export { createChildProcessTransport } from './node/child-process-transport.js';
export type { WorkerTransport, WorkerTransportOptions } from './node/worker-transport.js';
export { createWorkerTransport } from './node/worker-transport.js';
export type { PooledTransport, PooledTransportOptions } from './node/pooled-transport.js';
export type { SandboxPoolOptions, SandboxPoolStats } from './node/sandbox-pool.js';
