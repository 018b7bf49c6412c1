import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { DurableEngineOutcome, EngineSink, EngineOutcome, RunDurability, SuspendedRun } from './engine-sink.js';
import { GuestRealm } from './guest-realm.js';
import { GuestRun } from './guest-run.js';
import { createQuickJsInstance, memoryCapBytes } from './quickjs-instance.js';
import type { QuickJsInstance } from './quickjs-instance.js';
import type { LiveMemory } from './live-memory.js';
import type { RealmImageSource } from './realm-image.js';
import { eventLoopScheduler } from './turn-scheduler.js';
import type { EventLoopScheduler } from './turn-scheduler.js';

/** One program for {@link SandboxEngine.start}. */
export interface EngineRunRequest {
  readonly source: string;
  readonly bindings: readonly SandboxBinding[];
  readonly limits: SandboxLimits;
  readonly storedJson?: string;
  readonly host: EngineSink;
}

/** A durable program for {@link SandboxEngine.prepareDurable}. */
export interface DurableEngineRunRequest extends EngineRunRequest {
  readonly durable: RunDurability;
}

/** A suspended program for {@link SandboxEngine.resume}: the opened snapshot's memory and state, and the answers it gets. */
export interface EngineResumeRequest extends Omit<DurableEngineRunRequest, 'source'> {
  readonly live: LiveMemory;
  /** The wiring the snapshot was sealed with: the realm that takes it must have the same. */
  readonly wiring: string;
  readonly suspended: SuspendedRun;
}

/** A resume whose realm is wired differently from the snapshot's (another build, prelude or layout). */
export class WiringMismatch extends Error {
  constructor(readonly found: string) {
    super('the realm is wired differently from the snapshot');
  }
}

/** A program ready to start: wire `deliver`/`cancel` first, then call `start` once. */
export interface EngineRun {
  start(): Promise<EngineOutcome>;
  deliver(id: number, ok: boolean, json: string): void;
  /** The host parked call `id` (a durable program). */
  park(id: number): void;
  cancel(): void;
}

/** A durable program ready to start: it may end `suspended`. */
export interface DurableEngineRun extends Omit<EngineRun, 'start'> {
  start(): Promise<DurableEngineOutcome>;
}

/** An instance between programs, with its one realm. */
interface Slot {
  readonly instance: QuickJsInstance;
  readonly realm: GuestRealm;
}

/**
 * What a prewarm runs in its new realm when no program waits for it (see the engine's
 * `warmUp`): a program that awaits one tool call, the path most programs take.
 */
const WARM_UP_SOURCE = 'return await tools.warm_up({});';
const WARM_UP_BINDINGS: readonly SandboxBinding[] = [{ jsName: 'warm_up', canonicalName: 'warm_up', description: '', kind: 'function' }];

/** A slot {@link SandboxEngine.prewarm} is still creating. */
interface PreparingSlot {
  readonly capBytes: number;
  readonly slot: Promise<Slot>;
}

/** How a {@link SandboxEngine} keeps and makes its instances. */
export interface SandboxEngineOptions {
  /** Idle instances kept for the next programs (2 by default); beyond it an instance is dropped. */
  readonly maxIdleInstances?: number;
  /**
   * Runs housekeeping (resetting the realms of ended programs) once the event loop has come
   * round; by default the thread's {@link eventLoopScheduler}, which programs' turns use too.
   */
  readonly scheduleIdle?: EventLoopScheduler;
  /** Instantiates a module (a worker uses the one its host compiled; tests count them). */
  readonly createInstance?: (capBytes: number, initialBytes?: number) => Promise<QuickJsInstance>;
  /**
   * Whether a prewarm that no program is waiting for also runs a program in its new realm,
   * then resets it: V8 compiles QuickJS's WebAssembly functions, and the engine's own code,
   * the first time each runs, so the first program after the prewarm finds the path of a
   * run compiled. A program that arrives while a prewarm prepares the realm takes it over
   * without one. Off by default.
   */
  readonly warmUp?: boolean;
  /**
   * A prepared realm's image to restore into new instances instead of preparing their realm
   * (the package's shipped one, see durable/shipped-realm.ts); none by default.
   */
  readonly realmImage?: RealmImageSource;
}

/**
 * Runs programs in QuickJS instances it keeps between programs, one realm per instance. A
 * realm is prepared once, when its instance is created; after a program ends with the
 * module sound, the realm is reset (its memory snapshot restored) in a later task, off the
 * path of the result, or at the latest when the next program takes it. An instance whose
 * program hit a limit is dropped.
 */
export class SandboxEngine {
  /** At most `maxIdleInstances` (see {@link SandboxEngineOptions}). */
  private readonly idle: Slot[] = [];
  /**
   * Slots a prewarm is still creating. A program that arrives meanwhile takes one over
   * instead of creating its own: on a cold start two instances would compete for the CPU
   * and the first program would wait for both.
   */
  private readonly preparing: PreparingSlot[] = [];
  /**
   * Whether a housekeeping task is pending. At most one is, whatever the number of programs:
   * a host that runs programs back to back without the event loop reaching its timers
   * (every step a microtask) would otherwise pile up one pending task per program.
   */
  private housekeepingQueued = false;
  private closed = false;

  private readonly maxIdleInstances: number;
  private readonly scheduleIdle: EventLoopScheduler;
  private readonly createInstance: (capBytes: number, initialBytes?: number) => Promise<QuickJsInstance>;
  private readonly warmUp: boolean;
  private readonly realmImage: RealmImageSource | undefined;

  constructor(options: SandboxEngineOptions = {}) {
    this.maxIdleInstances = options.maxIdleInstances ?? 2;
    this.scheduleIdle = options.scheduleIdle ?? eventLoopScheduler();
    this.createInstance = options.createInstance ?? ((capBytes, initialBytes) => createQuickJsInstance(capBytes, undefined, initialBytes));
    this.warmUp = options.warmUp ?? false;
    this.realmImage = options.realmImage;
  }

  /**
   * Create an instance for `memoryBytes` with its realm prepared, so the next program starts
   * warm; a program that arrives before it is ready takes it over.
   */
  async prewarm(memoryBytes: number = DEFAULT_SANDBOX_LIMITS.memoryBytes): Promise<void> {
    const capBytes = memoryCapBytes(memoryBytes);
    const fits = (slot: { readonly capBytes: number }): boolean => slot.capBytes === capBytes;
    if (this.idle.some((slot) => fits(slot.instance)) || this.preparing.some(fits)) return;
    const preparing: PreparingSlot = {
      capBytes,
      // Still preparing once created: no program took it over, so none waits for a warm-up.
      slot: this.createSlot(capBytes).then((slot) => (this.warmUp && this.preparing.includes(preparing) ? this.warmedUp(slot, memoryBytes) : slot)),
    };
    this.preparing.push(preparing);
    try {
      const slot = await preparing.slot;
      if (this.takeOver(preparing)) this.keep(slot);
    } catch (error) {
      this.takeOver(preparing);
      throw error;
    }
  }

  /** Prepare a program. Rejects only when no QuickJS instance can be created at all. */
  async prepare(request: EngineRunRequest): Promise<EngineRun> {
    const slot = await this.acquire(memoryCapBytes(request.limits.memoryBytes));
    // Without `durable` a run is never suspended: it ends completed or failed.
    return this.engineRun(slot, new GuestRun({ ...request, realm: slot.realm })) as EngineRun;
  }

  /** Prepare a durable program: it is suspended when every call in flight is parked (see `GuestRun`). */
  async prepareDurable(request: DurableEngineRunRequest): Promise<DurableEngineRun> {
    const slot = await this.acquire(memoryCapBytes(request.limits.memoryBytes));
    return this.engineRun(slot, new GuestRun({ ...request, realm: slot.realm }));
  }

  /**
   * Prepare a suspended program: its memory goes into a realm prepared like the one it was
   * sealed in, in an instance whose memory is large enough from the start (an idle one, or a
   * new one). Rejects with {@link WiringMismatch}, before anything of the snapshot is written,
   * when the realm is wired differently.
   */
  async resume(request: EngineResumeRequest): Promise<DurableEngineRun> {
    const capBytes = memoryCapBytes(request.limits.memoryBytes);
    if (request.live.memoryBytes > capBytes) throw new RangeError(`the snapshot needs ${request.live.memoryBytes} bytes of memory, over this program's cap of ${capBytes}`);
    const slot = await this.acquire(capBytes, request.live.memoryBytes);
    const wiring = slot.realm.wiring();
    if (wiring !== request.wiring) {
      this.keep(slot);
      throw new WiringMismatch(wiring);
    }
    // The wiring carries the prepared memory's digest; a difference from it is applied only to it.
    if (request.live.baseline !== undefined && request.live.baseline !== slot.realm.baselineDigest()) {
      this.keep(slot);
      throw new WiringMismatch(wiring);
    }
    slot.realm.restore(request.live);
    return this.engineRun(slot, new GuestRun({ ...request, source: '', realm: slot.realm, resume: request.suspended }));
  }

  /** The wiring of a realm of this engine (preparing one when none is idle). */
  async wiring(memoryBytes: number = DEFAULT_SANDBOX_LIMITS.memoryBytes): Promise<string> {
    const slot = await this.acquire(memoryCapBytes(memoryBytes));
    const wiring = slot.realm.wiring();
    this.keep(slot);
    return wiring;
  }

  private engineRun(slot: Slot, run: GuestRun): DurableEngineRun {
    let outcome: Promise<DurableEngineOutcome> | undefined;
    return {
      start: () =>
        (outcome ??= run.start().then((result) => {
          if (result.reusable && slot.instance.healthy) this.keep(slot);
          return result;
        })),
      deliver: (id, ok, json) => run.deliver(id, ok, json),
      park: (id) => run.park(id),
      cancel: () => run.cancel(),
    };
  }

  /** Drop every idle instance. Running programs finish on their own. */
  close(): void {
    this.closed = true;
    this.idle.length = 0;
    this.preparing.length = 0;
  }

  /** An idle slot for `capBytes` whose memory holds at least `memoryBytes`, with its realm reset, or a new one. */
  private async acquire(capBytes: number, memoryBytes = 0): Promise<Slot> {
    const index = this.idle.findIndex((slot) => slot.instance.capBytes === capBytes && slot.instance.memory.buffer.byteLength >= memoryBytes);
    if (index < 0) {
      const preparing = memoryBytes === 0 ? this.preparing.find((candidate) => candidate.capBytes === capBytes) : undefined;
      return preparing !== undefined && this.takeOver(preparing) ? preparing.slot : this.createSlot(capBytes, memoryBytes);
    }
    const [slot] = this.idle.splice(index, 1) as [Slot];
    return !slot.realm.used || slot.realm.reset() ? slot : this.createSlot(capBytes, memoryBytes);
  }

  /** A new instance (its memory at least `memoryBytes` from the start) and its realm; an instance that cannot prepare one is replaced once. */
  private async createSlot(capBytes: number, memoryBytes = 0): Promise<Slot> {
    for (let attempt = 0; ; attempt += 1) {
      // The image is read (and checked off the thread) while the instance is created.
      const loading = this.realmImage?.image();
      const instance = await this.createInstance(capBytes, memoryBytes);
      try {
        const image = await loading;
        const realm = new GuestRealm(instance, image);
        if (!realm.restored || realm.wiring() === image?.wiring) return { instance, realm };
        // Restored, and not the image's realm: never used; the next attempt prepares one.
        this.realmImage?.mismatched();
        instance.healthy = false;
        attempt -= 1;
      } catch (error) {
        instance.healthy = false;
        if (attempt > 0) throw error;
      }
    }
  }

  /**
   * `slot` after running {@link WARM_UP_SOURCE} in it and resetting its realm, or a new slot
   * when that fails (not expected: the warm-up is a program like any other). A program that
   * takes the slot over meanwhile waits for it.
   */
  private async warmedUp(slot: Slot, memoryBytes: number): Promise<Slot> {
    try {
      const host: EngineSink = {
        // Answered after the turn that made the call, as a transport does.
        toolBatch: (calls) => queueMicrotask(() => calls.forEach((call) => run.deliver(call.id, true, 'null'))),
        event: () => undefined,
      };
      const run = new GuestRun({ realm: slot.realm, source: WARM_UP_SOURCE, bindings: WARM_UP_BINDINGS, limits: { ...DEFAULT_SANDBOX_LIMITS, memoryBytes }, host });
      const outcome = await run.start();
      if (outcome.status === 'completed' && outcome.reusable && slot.instance.healthy && slot.realm.reset()) return slot;
    } catch {
      // Replaced below.
    }
    slot.instance.healthy = false;
    return this.createSlot(slot.instance.capBytes);
  }

  /** Remove `preparing` from the slots being prepared; false when a program took it already. */
  private takeOver(preparing: PreparingSlot): boolean {
    const index = this.preparing.indexOf(preparing);
    if (index >= 0) this.preparing.splice(index, 1);
    return index >= 0;
  }

  private keep(slot: Slot): void {
    if (this.closed || this.idle.length >= this.maxIdleInstances) return;
    this.idle.push(slot);
    if (this.housekeepingQueued) return;
    this.housekeepingQueued = true;
    // Reset the used realms in a later task, while nothing runs.
    this.scheduleIdle(() => {
      this.housekeepingQueued = false;
      // A realm whose snapshot cannot restore it is dropped.
      for (let index = this.idle.length - 1; index >= 0; index -= 1) {
        const realm = (this.idle[index] as Slot).realm;
        if (realm.used && !realm.reset()) this.idle.splice(index, 1);
      }
    });
  }
}
