import type { JSContextPointer, QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten-core';
import type { CellsFunctions, GuestNatives } from './guest-natives.js';
import { InterruptCounter } from './interrupt-counter.js';
import { captureLiveMemory, lastNonZeroEnd, restoreLiveMemory } from './live-memory.js';
import type { LiveMemory } from './live-memory.js';
import type { QuickJsInstance } from './quickjs-instance.js';
import type { RealmApi } from './realm-api.js';

/** Bump when what {@link restoreRealmImage} relies on changes: older images are then refused. */
const FORMAT = 2;
const MAGIC = 'TCREALM1';
const MAX_HEADER_BYTES = 65_536;

/**
 * A prepared realm's memory and where preparing put what the host holds: restored into a
 * fresh instance in which only the runtime and context were created, it is that realm,
 * without compiling the prelude or setting up the globals (see {@link restoreRealmImage}).
 */
export interface RealmImage {
  readonly live: LiveMemory;
  /** Where the memory of a fresh instance stops being zero once its runtime and context exist: zeroed up to here above the copy. */
  readonly clearTo: number;
  readonly runtime: number;
  readonly context: number;
  /** quickjs-emscripten's per-context scratch word (`uint32Out`), allocated by the context's host object. */
  readonly scratch: number;
  /** The global object's handle (`context.global`, made while preparing). */
  readonly global: number;
  readonly api: Readonly<Record<string, number>>;
  readonly cells: Readonly<Record<string, number>>;
  /** The natives in the order they took host reference ids. */
  readonly natives: readonly string[];
  readonly interruptCounter: number | null;
  /** The prepared realm's {@link PreparedRealm.wiring}: the restored one must show the same. */
  readonly wiring: string;
}

/** Where a {@link SandboxEngine} gets the image it restores new realms from. */
export interface RealmImageSource {
  /** The image, or undefined to prepare realms as usual (asked when an instance is created, awaited once it is). */
  image(): Promise<RealmImage | undefined>;
  /** A realm restored from {@link image} was not wired as the image says: stop giving it out. */
  mismatched(): void;
}

/** What a realm restored from an image holds: as preparing the realm (`GuestRealm`) would have made it. */
export interface RestoredRealm {
  readonly runtime: QuickJSRuntime;
  readonly context: QuickJSContext;
  readonly natives: GuestNatives;
  readonly api: RealmApi;
  readonly cells: CellsFunctions;
  readonly interruptCounter: InterruptCounter | undefined;
}

/** A prepared realm (`GuestRealm`), as {@link captureRealmImage} reads it. */
export interface PreparedRealm extends RestoredRealm {
  readonly instance: QuickJsInstance;
  /** Whether a program has taken the realm: an image is taken before any. */
  readonly used: boolean;
  /** Where preparing put what the host holds (`GuestRealm.wiring`), as text. */
  wiring(): string;
}

/** What the context keeps behind its protected fields (quickjs-emscripten 0.32). */
interface ContextInternals {
  readonly ctx: { readonly value: number };
  readonly rt: { readonly value: number };
  readonly uint32Out: { readonly value: { readonly ptr: number } };
  _global: QuickJSHandle | undefined;
  readonly _BigInt: unknown;
  readonly _Symbol: unknown;
  readonly _SymbolIterator: unknown;
  readonly _SymbolAsyncIterator: unknown;
  readonly memory: {
    heapValueHandle(pointer: number): QuickJSHandle;
    staticHeapValueHandle(pointer: number): QuickJSHandle;
  };
}

const internals = (context: QuickJSContext): ContextInternals => context as unknown as ContextInternals;

/**
 * Take the image of `realm`, prepared and never used, in an instance of its own; `fresh`
 * is another instance of the same build where nothing was created yet (it is used up).
 */
export function captureRealmImage(realm: PreparedRealm, fresh: QuickJsInstance): RealmImage {
  if (realm.used) throw new Error('a realm image is taken before any program');
  const context = internals(realm.context);
  if (context._BigInt !== undefined || context._Symbol !== undefined || context._SymbolIterator !== undefined || context._SymbolAsyncIterator !== undefined) {
    // A handle the restore would not rebuild: teach restoreRealmImage about it (and bump FORMAT).
    throw new Error('preparing a realm cached a context handle the realm image does not carry');
  }
  const hostRefs = (realm.runtime as unknown as { hostRefs: { freelist: unknown[] } }).hostRefs;
  if (hostRefs.freelist.length > 0) throw new Error('preparing a realm freed a host reference: the restore could not give the same ids');
  const runtime = fresh.quickjs.newRuntime();
  runtime.newContext();
  const clearTo = lastNonZeroEnd(new Int32Array(fresh.memory.buffer), 0);
  const pointers = (handles: Readonly<Record<string, QuickJSHandle>>): Record<string, number> =>
    Object.fromEntries(Object.entries(handles).map(([name, handle]) => [name, handle.value as unknown as number]));
  return {
    live: captureLiveMemory(realm.instance.memory),
    clearTo,
    runtime: context.rt.value,
    context: context.ctx.value,
    scratch: context.uint32Out.value.ptr,
    global: realm.context.global.value as unknown as number,
    api: pointers(realm.api as unknown as Record<string, QuickJSHandle>),
    cells: pointers(realm.cells),
    natives: realm.natives.functionNames(),
    interruptCounter: realm.interruptCounter?.wordIndex ?? null,
    wiring: realm.wiring(),
  };
}


/** The context's scratch word (`uint32Out`, a `Uint32Array` of one). */
const SCRATCH_BYTES = 4;

/** What the loader keeps behind its private fields (quickjs-emscripten 0.32). */
interface ModuleInternals {
  readonly ffi: { QTS_NewRuntime: () => number };
  readonly module: { _malloc: (bytes: number) => number };
}

/**
 * The host's runtime and context objects for the ones the image's memory holds, made without
 * calling into the module. The loader makes them around what it creates there: a runtime
 * (`QTS_NewRuntime`) and the context's scratch word (`malloc`, in the context's
 * constructor; a context pointer it is given, it takes). Answered with the image's, it
 * creates nothing: the runtime and context a restore used to create and then overwrite cost
 * a cold first exec about 3 ms, most of it compiling functions only creating a context runs.
 */
function hostObjectsAt(quickjs: QuickJSWASMModule, image: RealmImage): { runtime: QuickJSRuntime; context: QuickJSContext } | undefined {
  const { ffi, module } = quickjs as unknown as ModuleInternals;
  const { QTS_NewRuntime: newRuntime } = ffi;
  const { _malloc: malloc } = module;
  // Exactly the one scratch word: a loader that allocated anything else here would get the
  // same address twice, so it is refused (and the realm prepared) rather than answered.
  let allocations = 0;
  ffi.QTS_NewRuntime = () => image.runtime;
  module._malloc = (bytes) => {
    allocations += 1;
    if (allocations > 1 || bytes !== SCRATCH_BYTES) throw new RangeError("the loader allocated more than a context's scratch word");
    return image.scratch;
  };
  try {
    const runtime = quickjs.newRuntime();
    const context = runtime.newContext({ contextPointer: image.context as JSContextPointer });
    return allocations === 1 ? { runtime, context } : undefined;
  } catch {
    return undefined;
  } finally {
    ffi.QTS_NewRuntime = newRuntime;
    module._malloc = malloc;
  }
}

/**
 * The realm of `image`, restored into `instance`, which must be fresh (no runtime created
 * in it). Returns undefined, having written nothing, when the image cannot be this
 * package's (its natives, prelude functions or memory differ): then prepare the realm as
 * usual. Afterwards the caller compares the realm's wiring with the image's and drops the
 * instance when they differ.
 */
export function restoreRealmImage(
  image: RealmImage,
  instance: QuickJsInstance,
  apiNames: readonly string[],
  nativesFor: (context: QuickJSContext) => GuestNatives,
): RestoredRealm | undefined {
  const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((name, index) => b[index] === name);
  if (image.live.regions.length !== 2 || !same(Object.keys(image.api), apiNames) || instance.memory.buffer.byteLength < image.live.memoryBytes) return undefined;
  const hosts = hostObjectsAt(instance.quickjs, image);
  if (hosts === undefined) return undefined;
  const { runtime, context } = hosts;
  // Each native's name, in the order preparing creates them, against the image's: the guest
  // side of each is in the image, the host side is registered in that order. (Making the
  // objects wrote only a zero where a fresh instance has one; a realm prepared instead
  // replaces them.)
  const natives = nativesFor(context);
  if (!same(natives.functionNames(), image.natives)) return undefined;
  restoreLiveMemory(instance.memory, image.live, image.clearTo);
  internals(context)._global = internals(context).memory.staticHeapValueHandle(image.global);
  const handles = (pointers: Readonly<Record<string, number>>): Record<string, QuickJSHandle> =>
    Object.fromEntries(Object.entries(pointers).map(([name, pointer]) => [name, internals(context).memory.heapValueHandle(pointer)]));
  const api = handles(image.api) as unknown as RealmApi;
  natives.adoptFunctions(api);
  return {
    runtime,
    context,
    natives,
    api,
    cells: handles(image.cells) as unknown as CellsFunctions,
    interruptCounter: image.interruptCounter === null ? undefined : InterruptCounter.at(instance.memory, image.interruptCounter),
  };
}

/** What made an image (library, variant, `.wasm` and prelude digests): compared field by field. */
export type ImageBuild = Readonly<Record<string, string>>;

/** A digest of bytes, as text: the image names its memory by it, and a reading checks it. */
export type ImageDigest = (data: Uint8Array) => string | Promise<string>;

/** The header of an encoded image: everything but the memory. */
interface ImageHeader extends Omit<RealmImage, 'live'> {
  readonly format: number;
  readonly build: ImageBuild;
  readonly memoryBytes: number;
  readonly regions: ReadonlyArray<{ readonly start: number; readonly length: number }>;
  /** The {@link ImageDigest} of the regions' bytes, in order. */
  readonly digest: string;
}

/** The image as a file: magic, header length (u32 LE), header JSON, then the regions' bytes. */
export async function encodeRealmImage(image: RealmImage, build: ImageBuild, digestOf: ImageDigest): Promise<Uint8Array> {
  const { live, ...rest } = image;
  const payload = concat(live.regions.map((region) => region.bytes));
  const header: ImageHeader = {
    ...rest,
    format: FORMAT,
    build,
    memoryBytes: live.memoryBytes,
    regions: live.regions.map((region) => ({ start: region.start, length: region.bytes.byteLength })),
    digest: await digestOf(payload),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, json.byteLength, true);
  return concat([new TextEncoder().encode(MAGIC), length, json, payload]);
}

/** A decoded image, or why it cannot serve this build. */
export type RealmImageReading = { readonly image: RealmImage } | { readonly refused: string };

/**
 * Read an encoded image, refusing it (never misreading it) unless it is whole (its memory's
 * digest holds) and was made by `build`, every field the same.
 */
export async function decodeRealmImage(bytes: Uint8Array, build: ImageBuild, digestOf: ImageDigest): Promise<RealmImageReading> {
  const magic = new TextDecoder().decode(bytes.subarray(0, MAGIC.length));
  if (magic !== MAGIC || bytes.byteLength < MAGIC.length + 4) return { refused: 'not a realm image' };
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset + MAGIC.length, 4).getUint32(0, true);
  const payloadStart = MAGIC.length + 4 + headerLength;
  if (headerLength > MAX_HEADER_BYTES || payloadStart > bytes.byteLength) return { refused: 'the realm image is truncated' };
  let header: ImageHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(MAGIC.length + 4, payloadStart))) as ImageHeader;
  } catch {
    return { refused: 'the realm image header is not JSON' };
  }
  if (header.format !== FORMAT) return { refused: `the realm image has format ${String(header.format)}, this build reads ${FORMAT}` };
  const made = header.build;
  const differs = Object.keys(build).filter((field) => made?.[field] !== build[field]);
  if (differs.length > 0) return { refused: `the realm image was made by another build (${differs.join(', ')} differ)` };
  const payload = bytes.subarray(payloadStart);
  const total = header.regions.reduce((sum, region) => sum + region.length, 0);
  if (total !== payload.byteLength || (await digestOf(payload)) !== header.digest) return { refused: 'the realm image memory does not match its digest' };
  let offset = 0;
  const regions = header.regions.map((region) => {
    const slice = payload.subarray(offset, offset + region.length);
    offset += region.length;
    return { start: region.start, bytes: slice };
  });
  const { format: _format, build: _build, memoryBytes, regions: _regions, digest: _digest, ...rest } = header;
  return { image: { ...rest, live: { memoryBytes, regions } } };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.byteLength;
  }
  return result;
}
