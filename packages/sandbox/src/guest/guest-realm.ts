import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { GUEST_PRELUDE, REMOVED_GLOBALS } from './guest-prelude.js';
import { GuestNatives } from './guest-natives.js';
import { InterruptCounter } from './interrupt-counter.js';
import type { CellsFunctions, NativeHandlers } from './guest-natives.js';
import { LinearMemorySnapshot, liveBounds } from './linear-memory-snapshot.js';
import { memoryDigest, restoreLiveMemory, xorRegions } from './live-memory.js';
import type { LiveMemory, MemoryRange } from './live-memory.js';
import type { QuickJsInstance } from './quickjs-instance.js';
import { API_NAMES } from './realm-api.js';
import type { RealmApi } from './realm-api.js';
import { restoreRealmImage } from './realm-image.js';
import type { PreparedRealm, RealmImage } from './realm-image.js';

/**
 * Where, from the context's address, QuickJS keeps the context's random state (`JSContext`'s
 * `random_state`, a 64-bit word): it is seeded from the clock when the context is created, so
 * it is the one word in which two realms prepared alike differ (a test checks it). The guest's
 * `Math.random` does not read it (the prelude's generator is seeded by the host).
 */
export const CONTEXT_RANDOM_STATE = { offset: 224, bytes: 8 } as const;

/** The prepared memory's digest a realm's {@link GuestRealm.wiring} records; null when it records none. */
function recordedBaseline(wiring: string | undefined): string | null {
  try {
    const { baseline } = JSON.parse(wiring ?? '{}') as { baseline?: unknown };
    return typeof baseline === 'string' ? baseline : null;
  } catch {
    return null;
  }
}

/**
 * A QuickJS runtime and context with the guest API installed, the only realm of its
 * instance, serving one program at a time. Preparing it (runtime, context, parsing the
 * prelude) costs several times what a short program does, so it is done once: the
 * instance's linear memory is copied right after, and {@link reset} puts that copy back
 * between programs, so every program starts in a byte-for-byte fresh realm.
 */
export class GuestRealm implements PreparedRealm {
  /** The handlers of the program using this realm. */
  handlers: NativeHandlers | undefined;
  /** Whether a program has taken this realm since it was prepared or reset. */
  used = false;
  /** The realm's runtime. */
  readonly runtime: QuickJSRuntime;
  /** The realm's context. */
  readonly context: QuickJSContext;
  /** The prelude functions. */
  readonly api: RealmApi;
  /** The cells globals, defined only for a program with cells. */
  readonly cells: CellsFunctions;
  /** The natives, to define the cells globals. */
  readonly natives: GuestNatives;
  /** QuickJS's interrupt counter, for each program's `InterruptCadence`; `undefined` if not found. */
  readonly interruptCounter: InterruptCounter | undefined;
  /** Whether the realm was restored from a {@link RealmImage} instead of prepared here. */
  readonly restored: boolean;
  /** The instance's memory as it was right after preparing. */
  private readonly snapshot: LinearMemorySnapshot;
  /** {@link baselineDigest}, once computed (`null`: not yet). */
  private digest: string | undefined | null = null;

  /**
   * Prepare a realm in `instance`, which must hold no other realm (a reset restores the
   * whole memory). Throws when the module is broken. With an `image` of a realm prepared
   * elsewhere by this package, its memory is restored instead of preparing (no runtime or
   * context is created in the module then); otherwise it is prepared.
   */
  constructor(
    readonly instance: QuickJsInstance,
    image?: RealmImage,
  ) {
    const restored = image === undefined ? undefined : restoreRealmImage(image, instance, API_NAMES, (context) => new GuestNatives(context, () => this.handlers));
    this.restored = restored !== undefined;
    if (restored !== undefined) {
      ({ runtime: this.runtime, context: this.context, natives: this.natives, api: this.api, cells: this.cells, interruptCounter: this.interruptCounter } = restored);
    } else {
      const runtime = instance.quickjs.newRuntime();
      const context = runtime.newContext();
      const natives = new GuestNatives(context, () => this.handlers);
      this.interruptCounter = InterruptCounter.locate(instance.memory, runtime, context);
      natives.deleteGlobals(REMOVED_GLOBALS);
      const host = natives.hostObject();
      const prelude = context.unwrapResult(context.evalCode(GUEST_PRELUDE, 'guest-prelude.js', { type: 'global', strict: true }));
      const exports = context.unwrapResult(context.callFunction(prelude, context.undefined, host));
      this.api = Object.fromEntries(API_NAMES.map((name) => [name, context.getProp(exports, name)])) as unknown as RealmApi;
      for (const handle of [exports, prelude, host]) handle.dispose();
      this.cells = natives.defineGlobals(this.api);
      this.runtime = runtime;
      this.context = context;
      this.natives = natives;
    }
    // A restored realm's memory is the image: its regions serve as the snapshot, uncopied.
    const [staticData, heap] = image?.live.regions ?? [];
    this.snapshot = restored !== undefined && staticData !== undefined && heap !== undefined ? LinearMemorySnapshot.of(instance.memory, [staticData, heap]) : LinearMemorySnapshot.take(instance.memory);
    // The image's wiring carries the digest of these very regions (its SHA-256 was checked
    // on reading): taken as this realm's, not hashed again on the first program's path.
    if (restored !== undefined) this.digest = recordedBaseline(image?.wiring);
  }

  /**
   * What a paused program's memory relies on in the realm that resumes it, as text: where
   * preparing put the runtime, the context, the prelude and cells functions and the interrupt
   * counter, how many host functions it made, the memory layout, and the digest of the
   * prepared memory (a paused program's memory is sealed as its difference from it). Preparing is
   * deterministic, so every realm of one build and prelude has the same wiring (a test checks
   * it across processes); a sealed snapshot carries it and a resume compares it.
   */
  wiring(): string {
    const pointer = (owner: unknown, field: string): unknown => (owner as Record<string, { value?: unknown } | undefined>)[field]?.value ?? null;
    const handles = [...Object.values(this.api), ...Object.values(this.cells)] as QuickJSHandle[];
    return JSON.stringify({
      runtime: pointer(this.runtime, 'rt'),
      context: pointer(this.context, 'ctx'),
      handles: handles.map((handle) => handle.value),
      hostRefs: (this.runtime as unknown as { hostRefs?: { nextId?: unknown } }).hostRefs?.nextId ?? null,
      interruptCounter: this.interruptCounter?.wordIndex ?? null,
      layout: liveBounds(this.instance.memory),
      baseline: this.baselineDigest() ?? null,
    });
  }

  /**
   * Put a paused program's memory into this realm, which must be prepared and idle (fresh or
   * reset, no program in it), in an instance whose memory is at least `live.memoryBytes`.
   * Afterwards the realm is the paused program's: a resumed run takes it over.
   */
  restore(live: LiveMemory): void {
    if (this.used) throw new Error('a realm takes a paused program only while idle');
    if (live.baseline === undefined) {
      restoreLiveMemory(this.instance.memory, live, this.snapshot.end);
      return;
    }
    if (live.baseline !== this.baselineDigest()) throw new RangeError(`the paused memory is a difference from a prepared memory with digest ${live.baseline}; this realm's is ${this.baselineDigest() ?? 'unknown'}`);
    restoreLiveMemory(this.instance.memory, { memoryBytes: live.memoryBytes, regions: xorRegions(live.regions, this.snapshot.regionsCopied, this.perRealm()) }, this.snapshot.end);
  }

  /**
   * `live` (this realm's paused program, just captured) as its difference from the prepared
   * realm's memory, which compresses to a few percent; as it is when the realm has no usable
   * copy of that memory.
   */
  difference(live: LiveMemory): LiveMemory {
    const baseline = this.baselineDigest();
    return baseline === undefined ? live : { memoryBytes: live.memoryBytes, regions: xorRegions(live.regions, this.snapshot.regionsCopied, this.perRealm()), baseline };
  }

  /**
   * The digest of the prepared realm's memory (computed once), reading the words every realm
   * has its own of ({@link CONTEXT_RANDOM_STATE}) as zeros: the same in every realm of one
   * build and prelude, prepared here or restored from a realm image. Undefined when the realm
   * has no usable copy of that memory.
   */
  baselineDigest(): string | undefined {
    if (this.digest === null) {
      const regions = this.snapshot.regionsCopied;
      this.digest = regions.length === 0 ? undefined : memoryDigest(regions, this.perRealm());
    }
    return this.digest;
  }

  /** The memory every realm has its own of: copied verbatim into a sealed difference, never diffed. */
  private perRealm(): readonly MemoryRange[] {
    const context = (this.context as unknown as { ctx: { value: number } }).ctx.value;
    return [{ start: context + CONTEXT_RANDOM_STATE.offset, bytes: CONTEXT_RANDOM_STATE.bytes }];
  }

  /** Host memory the snapshot takes, in bytes. */
  get snapshotBytes(): number {
    return this.snapshot.byteLength;
  }

  /**
   * Undo everything the last program did, by restoring the memory copied after preparing.
   * Call only after the program settled with a sound module (`reusable`): its handles are
   * then released and no call into the module is on the stack. Every handle the host holds
   * (the prelude functions, the cells globals, the global object) was created before the
   * copy, so it is valid again afterwards. Returns false, restoring nothing, when the copy
   * turned out not to cover the prepared heap: then drop the instance.
   */
  reset(): boolean {
    if (!this.snapshot.usable) return false;
    this.snapshot.restore();
    this.handlers = undefined;
    this.used = false;
    return true;
  }

  /**
   * Free the realm's runtime. Returns false (and marks the module unhealthy) when freeing
   * fails: after a stack overflow or out-of-memory it can abort the module, so callers
   * never free a realm whose program hit a limit.
   */
  dispose(): boolean {
    try {
      for (const handle of [...Object.values(this.api), ...Object.values(this.cells)] as QuickJSHandle[]) {
        if (handle.alive) handle.dispose();
      }
      this.context.dispose();
      this.runtime.dispose();
      return true;
    } catch {
      this.instance.healthy = false;
      return false;
    }
  }
}
