import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { EngineHost, EngineOutcome } from './engine-host.js';
import { GuestRealm } from './guest-realm.js';
import { GuestRun } from './guest-run.js';
import { createQuickJsInstance, memoryCapBytes } from './quickjs-instance.js';
import type { QuickJsInstance } from './quickjs-instance.js';

/** One program for {@link SandboxEngine.start}. */
export interface EngineRunRequest {
  readonly source: string;
  readonly bindings: readonly SandboxBinding[];
  readonly limits: SandboxLimits;
  readonly storedJson?: string;
  readonly host: EngineHost;
}

/** A program ready to start: wire `deliver`/`cancel` first, then call `start` once. */
export interface EngineRun {
  start(): Promise<EngineOutcome>;
  deliver(id: number, ok: boolean, json: string): void;
  cancel(): void;
}

/** An instance between programs, with its one realm. */
interface Slot {
  readonly instance: QuickJsInstance;
  readonly realm: GuestRealm;
}

const NO_HOST: EngineHost = { toolBatch() {}, output() {}, store() {}, notify() {}, yieldControl() {} };
/** Runs once per process: V8 compiles the interpreter's WebAssembly lazily, on first use. */
const WARM_UP_SOURCE = `const data = JSON.parse(JSON.stringify({ list: [1, 2, 3], text: 'warm' }));
const doubled = data.list.map((value) => value * 2).filter(Boolean);
await Promise.all([Promise.resolve(1), new Promise((resolve) => resolve(2))]);
try { null.property; } catch (error) { text(String(error)); }
return { doubled, text: data.text.toUpperCase(), when: typeof Date.now() };`;
const WARM_UP_ROUNDS = 2;
let processWarmedUp: Promise<void> | undefined;

/**
 * Runs programs in QuickJS instances it keeps between programs, one realm per instance. A
 * realm is prepared once, when its instance is created; after a program ends with the
 * module sound, the realm is reset (its memory snapshot restored) in a later task, off the
 * path of the result, or at the latest when the next program takes it. An instance whose
 * program hit a limit is dropped.
 */
export class SandboxEngine {
  /** At most `maxIdleInstances` (the constructor's bound); beyond it an instance is dropped. */
  private readonly idle: Slot[] = [];
  /**
   * Whether a housekeeping task is pending. At most one is, whatever the number of programs:
   * a host that runs programs back to back without the event loop reaching its timers
   * (every step a microtask) would otherwise pile up one pending task per program.
   */
  private housekeepingQueued = false;
  private closed = false;

  /**
   * @param scheduleIdle - runs housekeeping (resetting the realms of ended programs) after
   *   the current task; a child process passes `setImmediate`.
   */
  constructor(
    private readonly maxIdleInstances = 2,
    private readonly scheduleIdle: (task: () => void) => void = (task) => setTimeout(task, 0),
  ) {}

  /** Create an instance for `memoryBytes` with its realm prepared, so the next program starts warm. */
  async prewarm(memoryBytes: number = DEFAULT_SANDBOX_LIMITS.memoryBytes): Promise<void> {
    const capBytes = memoryCapBytes(memoryBytes);
    if (this.idle.some((slot) => slot.instance.capBytes === capBytes)) return;
    this.keep(await this.createSlot(capBytes));
  }

  /** Prepare a program. Rejects only when no QuickJS instance can be created at all. */
  async prepare(request: EngineRunRequest): Promise<EngineRun> {
    const slot = await this.acquire(memoryCapBytes(request.limits.memoryBytes));
    const run = new GuestRun({ ...request, realm: slot.realm });
    let outcome: Promise<EngineOutcome> | undefined;
    return {
      start: () =>
        (outcome ??= run.start().then((result) => {
          if (result.reusable && slot.instance.healthy) this.keep(slot);
          return result;
        })),
      deliver: (id, ok, json) => run.deliver(id, ok, json),
      cancel: () => run.cancel(),
    };
  }

  /** Drop every idle instance. Running programs finish on their own. */
  close(): void {
    this.closed = true;
    this.idle.length = 0;
  }

  /** An idle slot for `capBytes` with its realm reset, or a new one. */
  private async acquire(capBytes: number): Promise<Slot> {
    const index = this.idle.findIndex((slot) => slot.instance.capBytes === capBytes);
    if (index < 0) return this.createSlot(capBytes);
    const [slot] = this.idle.splice(index, 1) as [Slot];
    if (slot.realm.used) slot.realm.reset();
    return slot;
  }

  /** A new instance and its realm; an instance that cannot prepare one is replaced once. */
  private async createSlot(capBytes: number): Promise<Slot> {
    // A failed warm-up is not fatal: creating the instance below reports the real problem.
    processWarmedUp ??= warmUp().catch(() => undefined);
    await processWarmedUp;
    for (let attempt = 0; ; attempt += 1) {
      const instance = await createQuickJsInstance(capBytes);
      try {
        return { instance, realm: new GuestRealm(instance) };
      } catch (error) {
        instance.healthy = false;
        if (attempt > 0) throw error;
      }
    }
  }

  private keep(slot: Slot): void {
    if (this.closed || this.idle.length >= this.maxIdleInstances) return;
    this.idle.push(slot);
    if (this.housekeepingQueued) return;
    this.housekeepingQueued = true;
    // Reset the used realms in a later task, while nothing runs.
    this.scheduleIdle(() => {
      this.housekeepingQueued = false;
      for (const idle of this.idle) if (idle.realm.used) idle.realm.reset();
    });
  }
}

async function warmUp(): Promise<void> {
  const limits = DEFAULT_SANDBOX_LIMITS;
  const realm = new GuestRealm(await createQuickJsInstance(memoryCapBytes(limits.memoryBytes)));
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    if (round > 0) realm.reset();
    const outcome = await new GuestRun({ realm, source: WARM_UP_SOURCE, bindings: [], limits, host: NO_HOST }).start();
    if (!outcome.reusable) return;
  }
}
