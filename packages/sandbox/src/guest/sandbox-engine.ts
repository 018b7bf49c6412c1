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

/** An instance between programs, with the realm its next program will use. */
interface Slot {
  readonly instance: QuickJsInstance;
  spare: GuestRealm | undefined;
  /** The realm of the last program, freed when the host is idle. */
  retired: GuestRealm | undefined;
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
 * Runs programs in QuickJS instances it keeps between programs. A program gets a realm
 * prepared ahead of time; after it ends, its realm is freed and the next one prepared in a
 * later task, off the path of the result. An instance whose program hit a limit is dropped.
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
   * @param scheduleIdle - runs housekeeping (freeing the last realm, preparing the next)
   *   after the current task; a child process passes `setImmediate`.
   */
  constructor(
    private readonly maxIdleInstances = 2,
    private readonly scheduleIdle: (task: () => void) => void = (task) => setTimeout(task, 0),
  ) {}

  /** Create an instance for `memoryBytes` with a spare realm, so the next program starts warm. */
  async prewarm(memoryBytes: number = DEFAULT_SANDBOX_LIMITS.memoryBytes): Promise<void> {
    const capBytes = memoryCapBytes(memoryBytes);
    if (this.idle.some((slot) => slot.instance.capBytes === capBytes)) return;
    const slot = await this.createSlot(capBytes);
    slot.spare = new GuestRealm(slot.instance);
    this.keep(slot);
  }

  /** Prepare a program. Rejects only when no QuickJS instance can be created at all. */
  async prepare(request: EngineRunRequest): Promise<EngineRun> {
    const { slot, realm } = await this.realmFor(memoryCapBytes(request.limits.memoryBytes));
    const run = new GuestRun({ ...request, realm });
    let outcome: Promise<EngineOutcome> | undefined;
    return {
      start: () =>
        (outcome ??= run.start().then((result) => {
          if (result.reusable && slot.instance.healthy) {
            slot.retired = realm;
            this.keep(slot);
          }
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

  /** A slot and a fresh realm in it; an instance that cannot make one is dropped for a new one. */
  private async realmFor(capBytes: number): Promise<{ slot: Slot; realm: GuestRealm }> {
    for (let attempt = 0; ; attempt += 1) {
      const slot = await this.acquire(capBytes);
      const spare = slot.spare;
      slot.spare = undefined;
      try {
        return { slot, realm: spare ?? new GuestRealm(slot.instance) };
      } catch (error) {
        slot.instance.healthy = false;
        if (attempt > 0) throw error;
      }
    }
  }

  private async acquire(capBytes: number): Promise<Slot> {
    for (;;) {
      const index = this.idle.findIndex((slot) => slot.instance.capBytes === capBytes);
      if (index < 0) return this.createSlot(capBytes);
      const [slot] = this.idle.splice(index, 1);
      if (slot !== undefined && this.tidy(slot)) return slot;
    }
  }

  private async createSlot(capBytes: number): Promise<Slot> {
    // A failed warm-up is not fatal: creating the instance below reports the real problem.
    processWarmedUp ??= warmUp().catch(() => undefined);
    await processWarmedUp;
    return { instance: await createQuickJsInstance(capBytes), spare: undefined, retired: undefined };
  }

  /** Free the retired realm; false when that broke the instance. */
  private tidy(slot: Slot): boolean {
    const retired = slot.retired;
    slot.retired = undefined;
    if (retired !== undefined) retired.dispose();
    return slot.instance.healthy;
  }

  private keep(slot: Slot): void {
    if (this.closed || this.idle.length >= this.maxIdleInstances) return;
    this.idle.push(slot);
    if (this.housekeepingQueued) return;
    this.housekeepingQueued = true;
    // Free the old realms and prepare the next ones in a later task, while nothing runs.
    this.scheduleIdle(() => {
      this.housekeepingQueued = false;
      for (const idle of [...this.idle]) this.prepareIdle(idle);
    });
  }

  /** Free an idle slot's retired realm and give it a spare; drop it if that fails. */
  private prepareIdle(slot: Slot): void {
    if (!this.tidy(slot)) {
      this.idle.splice(this.idle.indexOf(slot), 1);
      return;
    }
    try {
      slot.spare ??= new GuestRealm(slot.instance);
    } catch {
      slot.instance.healthy = false;
      this.idle.splice(this.idle.indexOf(slot), 1);
    }
  }
}

async function warmUp(): Promise<void> {
  const limits = DEFAULT_SANDBOX_LIMITS;
  const instance = await createQuickJsInstance(memoryCapBytes(limits.memoryBytes));
  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    const realm = new GuestRealm(instance);
    const outcome = await new GuestRun({ realm, source: WARM_UP_SOURCE, bindings: [], limits, host: NO_HOST }).start();
    if (!outcome.reusable || !realm.dispose()) return;
  }
}
