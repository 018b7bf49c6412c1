import { ConfigurationError } from '@toolcell/core';
import type { ProgramError, ProgramResult } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { SandboxTransport } from '../contract/sandbox-transport.js';
import { failedBeforeStart, runPreamble } from '../host/run-preamble.js';
import { programErrors } from '../shared/program-errors.js';
import { runOnChild } from './child-run.js';
import { SandboxPool } from './sandbox-pool.js';
import { DEFAULT_MAX_QUEUED, DEFAULT_POOL_SIZE } from './sandbox-pool.js';
import type { PoolRefusal, SandboxPoolOptions, SandboxPoolStats } from './sandbox-pool.js';
import type { SandboxProcess } from './sandbox-process.js';

/** Options of {@link createChildProcessTransport}. */
export interface ChildProcessTransportOptions {
  /** Limits for every run, over the defaults; a run's own limits override them. */
  readonly limits?: Partial<SandboxLimits>;
  /** The pool of warm child processes. */
  readonly pool?: SandboxPoolOptions;
}

/** The child-process transport, with a view of its pool. */
export interface ChildProcessTransport extends SandboxTransport {
  /** What the pool holds now (for diagnostics and tests). */
  poolStats(): SandboxPoolStats;
}

function checkPool(pool: SandboxPoolOptions): void {
  for (const [name, low] of [
    ['size', 0],
    ['maxProgramsPerProcess', 1],
    ['idleTimeoutMs', 1],
    ['maxQueued', 0],
  ] as const) {
    const value = pool[name];
    if (value !== undefined && (!Number.isInteger(value) || value < low)) {
      throw new ConfigurationError({ setting: `pool.${name}`, message: `must be an integer of at least ${low}, got ${String(value)}` });
    }
  }
}

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
  const defaults = resolveSandboxLimits(options.limits);
  const resolveLimits = (limits?: Partial<SandboxLimits>): SandboxLimits => resolveSandboxLimits(options.limits, limits);
  const pool = options.pool ?? {};
  checkPool(pool);
  const processes = new SandboxPool(pool, defaults);
  const closing = new AbortController();

  async function run(request: RunProgramRequest): Promise<ProgramResult> {
    const preamble = runPreamble(request, { resolveLimits, closed: closing.signal.aborted });
    if (!preamble.admitted) return preamble.result;
    const { startedAt, limits, storedJson } = preamble;

    const grant = await processes.acquire(limits.stackBytes, request.signal);
    if ('refused' in grant) return failedBeforeStart(refusalError(grant.refused, pool), startedAt);
    const process = grant.process;
    let sound = false;
    try {
      const failure = await bootFailure(process, limits, request.signal, closing.signal);
      if (failure !== undefined) return failedBeforeStart(failure, startedAt);
      const outcome = await runOnChild({ process, request, limits, startedAt, closing: closing.signal, storedJson });
      sound = outcome.sound;
      return outcome.result;
    } finally {
      processes.release(process, sound);
    }
  }

  return {
    run,
    resolveLimits,
    async close() {
      closing.abort();
      await processes.close();
    },
    poolStats: () => processes.stats(),
  };
}

function refusalError(refusal: PoolRefusal, pool: SandboxPoolOptions): ProgramError {
  if (refusal === 'cancelled') return programErrors.cancelled();
  if (refusal === 'closed') return programErrors.closed();
  return programErrors.atCapacity(Math.max(1, pool.size ?? DEFAULT_POOL_SIZE), pool.maxQueued ?? DEFAULT_MAX_QUEUED);
}

/** Wait for a child to be ready, within the boot bound; `undefined` once it is. */
async function bootFailure(
  process: SandboxProcess,
  limits: SandboxLimits,
  signal: AbortSignal | undefined,
  closing: AbortSignal,
): Promise<ProgramError | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  let onClose: (() => void) | undefined;
  try {
    return await Promise.race([
      process.ready.then(() => undefined),
      new Promise<ProgramError>((resolve) => {
        timer = setTimeout(
          () => resolve(programErrors.crashed(`the sandbox process did not start within ${limits.bootTimeoutMs} ms`)),
          limits.bootTimeoutMs,
        );
      }),
      new Promise<ProgramError>((resolve) => {
        onAbort = () => resolve(programErrors.cancelled());
        onClose = () => resolve(programErrors.closed());
        signal?.addEventListener('abort', onAbort, { once: true });
        closing.addEventListener('abort', onClose, { once: true });
      }),
    ]);
  } catch (error) {
    return programErrors.crashed(error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
    if (onClose !== undefined) closing.removeEventListener('abort', onClose);
  }
}
