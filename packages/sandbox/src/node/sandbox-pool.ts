import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { PeerWarmUp } from './peer-warm-up.js';
import type { SandboxPeer, SandboxPeerOptions } from './sandbox-peer.js';

/** Settings of the pool of warm child processes (or worker threads, on the worker transport). */
export interface SandboxPoolOptions {
  /**
   * How many processes (or workers) the pool keeps, busy or idle (default 2), and how many
   * programs run at once: a program that finds every one busy waits in the queue. `0` starts
   * a fresh one for every program, one program at a time (the naive design; for
   * comparison).
   */
  readonly size?: number;
  /**
   * How many programs may wait for a process or worker (default 100). A program beyond it is not
   * run: it resolves `EXEC_CANCELLED` at once, saying the sandbox is at capacity.
   */
  readonly maxQueued?: number;
  /** Programs one process (or worker) may run before it is replaced (default 200). */
  readonly maxProgramsPerProcess?: number;
  /**
   * Idle processes (or workers) are stopped once the pool has started no program for this
   * long (default 60 000 ms); the pool refills on demand.
   */
  readonly idleTimeoutMs?: number;
  /** Start `size` processes (or workers) when the transport is created (default `true`). */
  readonly prewarm?: boolean;
  /**
   * Warm up the spare that takes over from a process (or worker) at its end (default
   * `false`): when one is 40 programs from `maxProgramsPerProcess`, an idle one that never
   * ran a program first runs the pool's own short programs, about 2 000 nested calls that
   * the pool answers itself, so that its first programs are not up to twice as slow as the
   * rest (a fresh V8 isolate's JavaScript is not optimized yet). It costs about a second of
   * CPU per spare, in the background, and pays only where a CPU is idle meanwhile; on a busy
   * machine it slows the programs it runs beside more than it saves (see the package
   * README). A program that finds no other one idle waits for one warm-up program at most.
   */
  readonly warmUp?: boolean;
}

/** What the pool holds at one moment: the pids of its processes (thread ids of its workers), by state. */
export interface SandboxPoolStats {
  /** Ready ones waiting for a program. */
  readonly idle: readonly number[];
  /** Ones starting up (or warming up, see {@link SandboxPoolOptions.warmUp}). */
  readonly starting: readonly number[];
  /** Ones running a program. */
  readonly busy: readonly number[];
  /** Programs waiting for one. */
  readonly queued: number;
}

/** Starts one peer. */
export type PeerFactory = (options: SandboxPeerOptions) => SandboxPeer;

/** Why the pool gave no peer to a program. */
export type PoolRefusal = 'full' | 'closed' | 'cancelled';

/** A peer for one program, or why there is none. */
export type PoolGrant = { readonly peer: SandboxPeer } | { readonly refused: PoolRefusal };

interface Waiter {
  readonly stackBytes: number;
  readonly grant: (grant: PoolGrant) => void;
}

/** The pool's default size. */
export const DEFAULT_POOL_SIZE = 2;
/** The default bound of the run queue. */
export const DEFAULT_MAX_QUEUED = 100;
const DEFAULT_MAX_PROGRAMS = 200;
/**
 * How many programs before a peer's end the pool warms up the spare that takes over: a
 * warm-up takes about a second; 40 programs of a sequential caller take longer.
 */
export const WARM_UP_LEAD = 40;
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/**
 * Keeps started peers ready. A peer serves one program at a time; after a
 * program it returns to the pool only if it is sound (its program hit no limit, did not
 * crash and was not cancelled) and has programs left. Everything else is killed, and the
 * pool starts a replacement in the background.
 */
export class SandboxPool {
  private readonly size: number;
  private readonly maxPrograms: number;
  private readonly idleTimeoutMs: number;
  /** The peers that count toward `size`, in any state. */
  private readonly members = new Set<SandboxPeer>();
  private readonly idle: SandboxPeer[] = [];
  private readonly starting = new Set<SandboxPeer>();
  private readonly busy = new Set<SandboxPeer>();
  private readonly idleTimers = new Map<SandboxPeer, ReturnType<typeof setTimeout>>();
  /** Every peer started and not yet reaped, counted or not (close waits for them all). */
  private readonly living = new Set<SandboxPeer>();
  private readonly queue: Waiter[] = [];
  private readonly maxQueued: number;
  /** Each warm-up the pool started, by peer: why the peer failed it, or `undefined`. */
  private readonly warmUps = new WeakMap<SandboxPeer, Promise<string | undefined>>();
  /** When the pool last handed out a peer (`performance.now()`). */
  private lastTakenAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(
    options: SandboxPoolOptions,
    private readonly limits: SandboxLimits,
    private readonly start: PeerFactory,
    /** Warms up the peers `refill` starts; none when absent. */
    private readonly warmUp?: PeerWarmUp,
  ) {
    this.size = options.size ?? DEFAULT_POOL_SIZE;
    this.maxPrograms = options.maxProgramsPerProcess ?? DEFAULT_MAX_PROGRAMS;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    this.maxQueued = options.maxQueued ?? DEFAULT_MAX_QUEUED;
    if (options.prewarm !== false) this.refill();
  }

  /** How many programs may run at once: the pool's size, and one with size 0. */
  private get capacity(): number {
    return Math.max(1, this.size);
  }

  /**
   * A peer for one program, at once when fewer than `size` programs run, else after
   * waiting its turn in the queue (refused when the queue is full, the pool closes, or
   * `signal` aborts while it waits). Time in the queue is not boot time: the boot bound
   * starts when the peer is granted.
   */
  acquire(stackBytes: number, signal?: AbortSignal): Promise<PoolGrant> {
    if (this.closed) return Promise.resolve({ refused: 'closed' });
    if (this.busy.size < this.capacity && this.queue.length === 0) return Promise.resolve({ peer: this.take(stackBytes) });
    if (this.queue.length >= this.maxQueued) return Promise.resolve({ refused: 'full' });
    return new Promise<PoolGrant>((resolve) => {
      const onAbort = (): void => {
        const index = this.queue.indexOf(waiter);
        if (index >= 0) this.queue.splice(index, 1);
        resolve({ refused: 'cancelled' });
      };
      const waiter: Waiter = {
        stackBytes,
        grant: (grant) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(grant);
        },
      };
      this.queue.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Take a peer for a program: the idle one used last, else one starting up, else a new
   * one. The one used last is warm (its caches, its code, and the host's CPU beside it: a
   * peer woken on an idle CPU costs each call a cross-CPU wake-up); one that waited longer
   * would be cold. A program that needs a larger guest stack than the pool's peers hold
   * gets a peer of its own. A starting peer taken while it warms up stops after its current
   * warm-up program ({@link whenReady}).
   */
  private take(stackBytes: number): SandboxPeer {
    let peer: SandboxPeer | undefined;
    this.lastTakenAt = performance.now();
    if (stackBytes > this.limits.stackBytes) {
      peer = this.spawn(stackBytes);
    } else {
      peer = this.idle.pop() ?? this.takeStarting() ?? this.spawn(this.limits.stackBytes);
      if (this.members.size < this.size) this.members.add(peer);
    }
    clearTimeout(this.idleTimers.get(peer));
    this.idleTimers.delete(peer);
    this.busy.add(peer);
    peer.hold(true);
    this.refill();
    return peer;
  }

  /**
   * Settles once a peer from {@link acquire} may run its program: it is ready and its
   * warm-up, if any, has stopped; rejects with why it cannot (it died, or failed its
   * warm-up and was killed).
   */
  async whenReady(peer: SandboxPeer): Promise<void> {
    await peer.ready;
    const failure = await this.warmUps.get(peer);
    if (failure !== undefined) throw new Error(failure);
  }

  /** Take a peer back after its program; `sound` is false when it must not run another. */
  release(peer: SandboxPeer, sound: boolean): void {
    this.busy.delete(peer);
    if (!this.members.has(peer) && this.members.size < this.size && peer.stackBytes === this.limits.stackBytes) {
      this.members.add(peer);
    }
    const keep = sound && peer.alive && !this.closed && this.members.has(peer) && peer.programs < this.maxPrograms;
    if (keep && peer.programs === this.maxPrograms - WARM_UP_LEAD) this.warmSpares();
    if (keep) {
      this.makeIdle(peer);
    } else {
      this.members.delete(peer);
      peer.kill();
      this.refill();
    }
    this.grantWaiting();
  }

  /** Give freed slots to the programs waiting longest. */
  private grantWaiting(): void {
    while (!this.closed && this.queue.length > 0 && this.busy.size < this.capacity) {
      const waiter = this.queue.shift() as Waiter;
      waiter.grant({ peer: this.take(waiter.stackBytes) });
    }
  }

  /**
   * Kill every peer and refuse the waiting programs; resolves once every peer the
   * pool ever started has exited and been reaped. Idempotent.
   */
  close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.queue.splice(0)) waiter.grant({ refused: 'closed' });
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    for (const peer of [...this.idle, ...this.starting, ...this.busy]) peer.kill();
    this.idle.length = 0;
    this.starting.clear();
    this.busy.clear();
    this.members.clear();
    for (const peer of this.living) peer.kill();
    return Promise.all([...this.living].map((peer) => peer.exited)).then(() => undefined);
  }

  /** What the pool holds now. */
  stats(): SandboxPoolStats {
    const pids = (peers: Iterable<SandboxPeer>): number[] =>
      [...peers].map((peer) => peer.id).filter((id): id is number => id !== undefined);
    return { idle: pids(this.idle), starting: pids(this.starting), busy: pids(this.busy), queued: this.queue.length };
  }

  private takeStarting(): SandboxPeer | undefined {
    const [first] = this.starting;
    if (first !== undefined) this.starting.delete(first);
    return first;
  }

  private spawn(stackBytes: number): SandboxPeer {
    const peer = this.start({ memoryBytes: this.limits.memoryBytes, stackBytes, limits: this.limits });
    peer.onDeath = () => this.forget(peer);
    this.living.add(peer);
    void peer.exited.then(() => this.living.delete(peer));
    return peer;
  }

  /** Start peers until the pool has `size` members. */
  private refill(): void {
    while (!this.closed && this.members.size < this.size) {
      const peer = this.spawn(this.limits.stackBytes);
      this.members.add(peer);
      this.starting.add(peer);
      peer.hold(false);
      peer.ready.then(
        () => {
          // Never used, it is the coldest: it idles behind the others.
          if (this.starting.delete(peer)) this.makeIdle(peer, true);
        },
        () => undefined,
      );
    }
  }

  /**
   * A peer is {@link WARM_UP_LEAD} programs from its end: warm up the idle members that
   * never ran a program, one of which takes over from it. A pool whose peers never come
   * near their end (most hosts, and every short-lived one) never pays for a warm-up.
   */
  private warmSpares(): void {
    if (this.warmUp === undefined) return;
    for (const peer of [...this.idle]) {
      if (peer.programs > 0 || !this.members.has(peer) || this.warmUps.has(peer)) continue;
      this.idle.splice(this.idle.indexOf(peer), 1);
      clearTimeout(this.idleTimers.get(peer));
      this.idleTimers.delete(peer);
      this.starting.add(peer);
      this.warmThenIdle(peer, this.warmUp);
    }
  }

  /**
   * Warm a spare up (it counts as starting meanwhile), then make it idle behind the others.
   * A program that takes it meanwhile (no other peer was idle) ends the warm-up after its
   * current warm-up program. A spare that fails its warm-up has been killed; it is replaced.
   */
  private warmThenIdle(peer: SandboxPeer, warmUp: PeerWarmUp): void {
    const warming = warmUp(peer, () => !this.closed && this.starting.has(peer));
    this.warmUps.set(peer, warming);
    void warming.then((failure) => {
      // Its death took it out of the pool; a program holding it reports it and replaces it.
      if (failure !== undefined && !this.busy.has(peer)) this.refill();
      if (failure === undefined && this.starting.delete(peer)) this.makeIdle(peer, true);
    });
  }

  /** Make a peer idle: the next to be taken, or with `last` the last one. */
  private makeIdle(peer: SandboxPeer, last = false): void {
    peer.hold(false);
    if (last) this.idle.unshift(peer);
    else this.idle.push(peer);
    this.stopWhenUnused(peer, this.idleTimeoutMs);
  }

  /**
   * Stop an idle peer once the pool has started no program for `idleTimeoutMs`. A spare that
   * a busy pool leaves idle (programs go to the peer used last) stays, rather than being
   * stopped and started again every `idleTimeoutMs`.
   */
  private stopWhenUnused(peer: SandboxPeer, delayMs: number): void {
    const timer = setTimeout(() => {
      const unusedMs = performance.now() - this.lastTakenAt;
      if (unusedMs < this.idleTimeoutMs) return this.stopWhenUnused(peer, this.idleTimeoutMs - unusedMs);
      this.idleTimers.delete(peer);
      // The pool shrinks while unused and refills on demand.
      this.members.delete(peer);
      peer.kill();
    }, delayMs);
    // An idle timer never keeps the host alive.
    timer.unref();
    this.idleTimers.set(peer, timer);
  }

  /**
   * A peer died: drop it wherever it is (a busy one is its run's to report). A peer
   * that died before it was ever ready is not replaced here, so a broken install cannot
   * start peers in a loop; the next program starts one and reports why it failed.
   */
  private forget(peer: SandboxPeer): void {
    clearTimeout(this.idleTimers.get(peer));
    this.idleTimers.delete(peer);
    const index = this.idle.indexOf(peer);
    if (index >= 0) this.idle.splice(index, 1);
    const wasStarting = this.starting.delete(peer);
    const wasMember = this.members.delete(peer);
    if (wasMember && !wasStarting && !this.busy.has(peer)) this.refill();
  }
}
