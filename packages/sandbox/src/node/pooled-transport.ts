import { ConfigurationError, errorMessage } from '@toolcell/core';
import type { ProgramError, ProgramResult } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { DurableProgramResult, DurableRunRequest, ResumeProgramRequest } from '../contract/durable-program.js';
import type { DurableSandboxTransport } from '../contract/sandbox-transport.js';
import { buildFingerprint } from '../durable/build-fingerprint.js';
import { checkSealKeys } from '../durable/snapshot-seal.js';
import { checkResumable, openRound, wiringMismatchError } from '../host/durable-round.js';
import type { DurableRound } from '../host/durable-round.js';
import { failedBeforeStart, runPreamble } from '../host/run-preamble.js';
import { programErrors } from '../shared/program-errors.js';
import { runFrame, runOnChild } from './child-run.js';
import type { ChildRunResult } from './child-run.js';
import { peerDurability, peerResume } from './durable-peer-round.js';
import { peerWarmUp } from './peer-warm-up.js';
import type { WarmUpPlan } from './peer-warm-up.js';
import { SandboxPool } from './sandbox-pool.js';
import { DEFAULT_MAX_QUEUED, DEFAULT_POOL_SIZE } from './sandbox-pool.js';
import type { PeerFactory, PoolRefusal, SandboxPoolOptions, SandboxPoolStats } from './sandbox-pool.js';
import type { SandboxPeer } from './sandbox-peer.js';

/** Options of a pooled transport (child processes or worker threads). */
export interface PooledTransportOptions {
  /** Limits for every run, over the defaults; a run's own limits override them. */
  readonly limits?: Partial<SandboxLimits>;
  /** The pool of warm peers. */
  readonly pool?: SandboxPoolOptions;
}

/** A pooled transport, with a view of its pool; it runs durable programs too. */
export interface PooledTransport extends DurableSandboxTransport {
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
 * A transport over a pool of peers: at most `pool.size` programs run at once, more wait in
 * a bounded queue; a peer is ended on cancellation, on a limit, or when the watchdog fires,
 * and replaced in the background. `close()` resolves once every peer it started has ended.
 *
 * @throws ConfigurationError when `options.limits` or `options.pool` cannot work.
 */
export function createPooledTransport(options: PooledTransportOptions, spawn: PeerFactory, warmUpPlan?: WarmUpPlan): PooledTransport {
  const defaults = resolveSandboxLimits(options.limits);
  const pool = options.pool ?? {};
  checkPool(pool);
  const closing = new AbortController();
  const warmUp = pool.warmUp === true ? peerWarmUp(defaults, closing.signal, warmUpPlan) : undefined;
  const peers = new SandboxPool(pool, defaults, spawn, warmUp);
  const resolveLimits = (limits?: Partial<SandboxLimits>): SandboxLimits => resolveSandboxLimits(options.limits, limits);

  /** Run `body` on a ready peer of the pool (released after, kept only when sound), or fail before start. */
  async function onPeer<Result>(
    limits: SandboxLimits,
    startedAt: number,
    signal: AbortSignal | undefined,
    body: (peer: SandboxPeer) => Promise<ChildRunResult<Result>>,
  ): Promise<ChildRunResult<Result | ProgramResult>> {
    const grant = await peers.acquire(limits.stackBytes, signal);
    if ('refused' in grant) return { result: failedBeforeStart(refusalError(grant.refused, pool), startedAt), sound: false };
    const peer = grant.peer;
    let sound = false;
    try {
      const failure = await bootFailure(peers.whenReady(peer), peer, limits, signal, closing.signal);
      if (failure !== undefined) return { result: failedBeforeStart(failure, startedAt), sound: false };
      const outcome = await body(peer);
      sound = outcome.sound;
      return outcome;
    } finally {
      peers.release(peer, sound);
    }
  }

  async function run(request: RunProgramRequest): Promise<ProgramResult> {
    const preamble = runPreamble(request, { resolveLimits, closed: closing.signal.aborted });
    if (!preamble.admitted) return preamble.result;
    const { startedAt, limits, storedJson } = preamble;
    const outcome = await onPeer(limits, startedAt, request.signal, (peer) => runOnChild({ peer, request, limits, startedAt, closing: closing.signal, storedJson }));
    return outcome.result;
  }

  async function runDurable(request: DurableRunRequest): Promise<DurableProgramResult> {
    checkSealKeys(request.durable.keys);
    buildFingerprint();
    const preamble = runPreamble(request, { resolveLimits, closed: closing.signal.aborted });
    if (!preamble.admitted) return preamble.result;
    const { startedAt, limits, storedJson } = preamble;
    const round: DurableRound = { request, bindings: request.bindings, limits, startedAt, earlierWallMs: 0, output: [], expiresAt: 0 };
    const durable = peerDurability(round, runFrame(request, limits, storedJson, true), { parkedIds: [], issued: 0, watchdogMs: 0 });
    const outcome = await onPeer(limits, startedAt, request.signal, (peer) => runOnChild({ peer, request, limits, startedAt, closing: closing.signal, storedJson, durable }));
    return outcome.result;
  }

  async function resume(request: ResumeProgramRequest): Promise<DurableProgramResult> {
    checkSealKeys(request.durable.keys);
    const startedAt = performance.now();
    const opened = openRound(request, request.maxSnapshotBytes ?? resolveLimits().maxSnapshotBytes, startedAt);
    const { round } = opened;
    if (closing.signal.aborted) return failedBeforeStart(programErrors.closed(), startedAt);
    if (request.signal?.aborted) return failedBeforeStart(programErrors.cancelled(), startedAt);
    const durable = peerResume(opened);
    const figuresFrom = round.startedAt - round.earlierWallMs;
    const outcome = await onPeer(round.limits, startedAt, request.signal, (peer) =>
      runOnChild({ peer, request: round.request, limits: round.limits, startedAt: figuresFrom, closing: closing.signal, storedJson: undefined, durable }),
    );
    if (outcome.wiringMismatch !== undefined) throw wiringMismatchError(opened.header.wiring, outcome.wiringMismatch);
    return outcome.result;
  }

  return {
    run,
    runDurable,
    resume,
    checkSnapshot(request) {
      checkSealKeys(request.durable.keys);
      checkResumable(request, request.maxSnapshotBytes ?? resolveLimits().maxSnapshotBytes);
    },
    resolveLimits,
    async close() {
      closing.abort();
      await peers.close();
    },
    poolStats: () => peers.stats(),
  };
}

function refusalError(refusal: PoolRefusal, pool: SandboxPoolOptions): ProgramError {
  if (refusal === 'cancelled') return programErrors.cancelled();
  if (refusal === 'closed') return programErrors.closed();
  return programErrors.atCapacity(Math.max(1, pool.size ?? DEFAULT_POOL_SIZE), pool.maxQueued ?? DEFAULT_MAX_QUEUED);
}

/** Wait for a peer to be `ready`, within the boot bound; `undefined` once it is. */
async function bootFailure(
  ready: Promise<void>,
  peer: SandboxPeer,
  limits: SandboxLimits,
  signal: AbortSignal | undefined,
  closing: AbortSignal,
): Promise<ProgramError | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  let onClose: (() => void) | undefined;
  try {
    return await Promise.race([
      ready.then(() => undefined),
      new Promise<ProgramError>((resolve) => {
        timer = setTimeout(
          () => resolve(programErrors.crashed(`the sandbox ${peer.noun} did not start within ${limits.bootTimeoutMs} ms`)),
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
    return programErrors.crashed(errorMessage(error));
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
    if (onClose !== undefined) closing.removeEventListener('abort', onClose);
  }
}
