import { createPooledTransport } from './pooled-transport.js';
import type { PooledTransport, PooledTransportOptions } from './pooled-transport.js';
import { SandboxProcess } from './sandbox-process.js';

/** Options of {@link createChildProcessTransport}. */
export type ChildProcessTransportOptions = PooledTransportOptions;

/** The child-process transport, with a view of its pool. */
export type ChildProcessTransport = PooledTransport;

/**
 * The default transport: each program runs in a pooled child process with a minimal,
 * sanitized environment (`PATH` and temp dirs), so an interpreter fault ends a child, not
 * the host. At most `pool.size` programs run at once; more wait in a bounded queue
 * (`pool.maxQueued`; beyond it a run resolves `EXEC_CANCELLED` at once). Children are
 * killed with SIGKILL on cancellation, on a limit, or when the parent's watchdog fires,
 * and replaced in the background. `close()` resolves once every child it started has
 * exited and been reaped.
 *
 * @throws ConfigurationError when `options.limits` or `options.pool` cannot work.
 */
export function createChildProcessTransport(options: ChildProcessTransportOptions = {}): ChildProcessTransport {
  return createPooledTransport(options, (peerOptions) => new SandboxProcess(peerOptions));
}
