import type { SandboxLimits } from '../sandbox-limits.js';
import { SandboxProcess } from './sandbox-process.js';

/** Settings of the pool of warm child processes. */
export interface SandboxPoolOptions {
  /**
   * How many processes the pool keeps, busy or idle (default 2). A program that finds none
   * idle gets a process started for it, kept only if the pool is short. `0` starts a fresh
   * process for every program (the naive design; for comparison).
   */
  readonly size?: number;
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
}

const DEFAULT_SIZE = 2;
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
  private closed = false;

  constructor(
    options: SandboxPoolOptions,
    private readonly limits: SandboxLimits,
  ) {
    this.size = options.size ?? DEFAULT_SIZE;
    this.maxPrograms = options.maxProgramsPerProcess ?? DEFAULT_MAX_PROGRAMS;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
    if (options.prewarm !== false) this.refill();
  }

  /**
   * A process for one program: the idle one that waited longest (it had time to prepare),
   * else one starting up, else a new one. A program that needs a larger guest stack than
   * the pool's processes hold gets a process of its own.
   */
  acquire(stackBytes: number): SandboxProcess {
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
      return;
    }
    this.members.delete(process);
    process.kill();
    this.refill();
  }

  /** Kill every process. Idempotent. */
  close(): void {
    this.closed = true;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    for (const process of [...this.idle, ...this.starting, ...this.busy]) process.kill();
    this.idle.length = 0;
    this.starting.clear();
    this.busy.clear();
    this.members.clear();
  }

  /** What the pool holds now. */
  stats(): SandboxPoolStats {
    const pids = (processes: Iterable<SandboxProcess>): number[] =>
      [...processes].map((process) => process.pid).filter((pid): pid is number => pid !== undefined);
    return { idle: pids(this.idle), starting: pids(this.starting), busy: pids(this.busy) };
  }

  private takeStarting(): SandboxProcess | undefined {
    const [first] = this.starting;
    if (first !== undefined) this.starting.delete(first);
    return first;
  }

  private spawn(stackBytes: number): SandboxProcess {
    const process = new SandboxProcess({ memoryBytes: this.limits.memoryBytes, stackBytes, limits: this.limits });
    process.onDeath = () => this.forget(process);
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
