// The Node entry of @toolcell/sandbox (`@toolcell/sandbox/node`): the child-process
// transport, the default for hosts with processes. Adding an export is an API decision.

export type { ChildProcessTransport, ChildProcessTransportOptions } from './node/child-process-transport.js';
export { createChildProcessTransport } from './node/child-process-transport.js';
export type { SandboxPoolOptions, SandboxPoolStats } from './node/sandbox-pool.js';
