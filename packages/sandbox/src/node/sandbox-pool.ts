import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { SandboxProcess } from './sandbox-process.js';

/** Settings of the pool of warm child processes. */
export interface SandboxPoolOptions {
  /**
   * How many processes the pool keeps, busy or idle (default 2), and how many programs run
   * at once: a program that finds every process busy waits in the queue. `0` starts a
   * fresh process for every program, one program at a time (the naive design; for
   * comparison).
   */
  readonly size?: number;
  /**
   * How many programs may wait for a process (default 100). A program beyond it is not
   * run: it resolves `EXEC_CANCELLED` at once, saying the sandbox is at capacity.
   */
  readonly maxQueued?: number;
  /** Programs one process may run before it is replaced (default 200). */
  readonly maxProgramsPerProcess?: number;
  /** An idle process is stopped after this long unused (default 60 000 ms); the pool refills on demand. */
  readonly idleTimeoutMs?: number;
  /** Start `size` processes when the transport is created (default `true`). */
  readonly prewarm?: boolean;
}

/** What the pool holds at one moment: the pids of its processes, by state. */
export interface SandboxPoolStats {
  /** Ready processes waiting for a program. */
  readonly idle: readonly number[];
  /** Processes starting up. */
  readonly starting: readonly number[];
  /** Processes running a program. */
  readonly busy: readonly number[];
  /** Programs waiting for a process. */
  readonly queued: number;
}

/** Why the pool gave no process to a program. */
export type PoolRefusal = 'full' | 'closed' | 'cancelled';

/** A process for one program, or why there is none. */
export type PoolGrant = { readonly process: SandboxProcess } | { readonly refused: PoolRefusal };

interface Waiter {
  readonly stackBytes: number;
  readonly grant: (grant: PoolGrant) => void;
}

/** The pool's default size. */
export const DEFAULT_POOL_SIZE = 2;
/** The default bound of the run queue. */
export const DEFAULT_MAX_QUEUED = 100;
const DEFAULT_MAX_PROGRAMS = 200;
const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

/**
 * Keeps started child processes ready. A process serves one program at a time; after a
 * program it returns to the pool only if it is sound (its program hit no limit, did not
 * crash and was not cancelled) and has programs left. Everything else is killed, and the
 * pool starts a replacement in the background.
 */
export class SandboxPool {
  private readonly size: number;
  private readonly maxPrograms: number;
  private readonly idleTimeoutMs: number;
  /** The processes that count toward `size`, in any state. */
  private readonly members = new Set<SandboxProcess>();
  private readonly idle: SandboxProcess[] = [];
  private readonly starting = new Set<SandboxProcess>();
  private readonly busy = new Set<SandboxProcess>();
  private readonly idleTimers = new Map<SandboxProcess, ReturnType<typeof setTimeout>>();
  /** Every process started and not yet reaped, counted or not (close waits for them all). */
  private readonly living = new Set<SandboxProcess>();
  private readonly queue: Waiter[] = [];
  private readonly maxQueued: number;
  private closed = false;

  constructor(
    options: SandboxPoolOptions,
    private readonly limits: SandboxLimits,
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
   * A process for one program, at once when fewer than `size` programs run, else after
   * waiting its turn in the queue (refused when the queue is full, the pool closes, or
   * `signal` aborts while it waits). Time in the queue is not boot time: the boot bound
   * starts when the process is granted.
   */
  acquire(stackBytes: number, signal?: AbortSignal): Promise<PoolGrant> {
    if (this.closed) return Promise.resolve({ refused: 'closed' });
    if (this.busy.size < this.capacity && this.queue.length === 0) return Promise.resolve({ process: this.take(stackBytes) });
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
   * Take a process for a program: the idle one that waited longest (it had time to
   * prepare), else one starting up, else a new one. A program that needs a larger guest
   * stack than the pool's processes hold gets a process of its own.
   */
  private take(stackBytes: number): SandboxProcess {
    let process: SandboxProcess | undefined;
    if (stackBytes > this.limits.stackBytes) {
      process = this.spawn(stackBytes);
    } else {
      process = this.idle.shift() ?? this.takeStarting() ?? this.spawn(this.limits.stackBytes);
      if (this.members.size < this.size) this.members.add(process);
    }
    clearTimeout(this.idleTimers.get(process));
    this.idleTimers.delete(process);
    this.busy.add(process);
    process.hold(true);
    this.refill();
    return process;
  }

  /** Take a process back after its program; `sound` is false when it must not run another. */
  release(process: SandboxProcess, sound: boolean): void {
    this.busy.delete(process);
    if (!this.members.has(process) && this.members.size < this.size && process.stackBytes === this.limits.stackBytes) {
      this.members.add(process);
    }
    const keep = sound && process.alive && !this.closed && this.members.has(process) && process.programs < this.maxPrograms;
    if (keep) {
      this.makeIdle(process);
    } else {
      this.members.delete(process);
      process.kill();
      this.refill();
    }
    this.grantWaiting();
  }

  /** Give freed slots to the programs waiting longest. */
  private grantWaiting(): void {
    while (!this.closed && this.queue.length > 0 && this.busy.size < this.capacity) {
      const waiter = this.queue.shift() as Waiter;
      waiter.grant({ process: this.take(waiter.stackBytes) });
    }
  }

  /**
   * Kill every process and refuse the waiting programs; resolves once every process the
   * pool ever started has exited and been reaped. Idempotent.
   */
  close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.queue.splice(0)) waiter.grant({ refused: 'closed' });
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    for (const process of [...this.idle, ...this.starting, ...this.busy]) process.kill();
    this.idle.length = 0;
    this.starting.clear();
    this.busy.clear();
    this.members.clear();
    for (const process of this.living) process.kill();
    return Promise.all([...this.living].map((process) => process.exited)).then(() => undefined);
  }

  /** What the pool holds now. */
  stats(): SandboxPoolStats {
    const pids = (processes: Iterable<SandboxProcess>): number[] =>
      [...processes].map((process) => process.pid).filter((pid): pid is number => pid !== undefined);
    return { idle: pids(this.idle), starting: pids(this.starting), busy: pids(this.busy), queued: this.queue.length };
  }

  private takeStarting(): SandboxProcess | undefined {
    const [first] = this.starting;
    if (first !== undefined) this.starting.delete(first);
    return first;
  }

  private spawn(stackBytes: number): SandboxProcess {
    const process = new SandboxProcess({ memoryBytes: this.limits.memoryBytes, stackBytes, limits: this.limits });
    process.onDeath = () => this.forget(process);
    this.living.add(process);
    void process.exited.then(() => this.living.delete(process));
    return process;
  }

  /** Start processes until the pool has `size` members. */
  private refill(): void {
    while (!this.closed && this.members.size < this.size) {
      const process = this.spawn(this.limits.stackBytes);
      this.members.add(process);
      this.starting.add(process);
      process.hold(false);
      process.ready.then(
        () => {
          if (this.starting.delete(process)) this.makeIdle(process);
        },
        () => undefined,
      );
    }
  }

  private makeIdle(process: SandboxProcess): void {
    process.hold(false);
    this.idle.push(process);
    const timer = setTimeout(() => {
      this.idleTimers.delete(process);
      // The pool shrinks while unused and refills on demand.
      this.members.delete(process);
      process.kill();
    }, this.idleTimeoutMs);
    // An idle timer never keeps the host alive.
    timer.unref();
    this.idleTimers.set(process, timer);
  }

  /**
   * A process died: drop it wherever it is (a busy one is its run's to report). A process
   * that died before it was ever ready is not replaced here, so a broken install cannot
   * start processes in a loop; the next program starts one and reports why it failed.
   */
  private forget(process: SandboxProcess): void {
    clearTimeout(this.idleTimers.get(process));
    this.idleTimers.delete(process);
    const index = this.idle.indexOf(process);
    if (index >= 0) this.idle.splice(index, 1);
    const wasStarting = this.starting.delete(process);
    const wasMember = this.members.delete(process);
    if (wasMember && !wasStarting && !this.busy.has(process)) this.refill();
  }
}
