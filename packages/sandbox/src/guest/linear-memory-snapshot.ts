import type { WasmMemory } from './quickjs-instance.js';

const BLOCK_BYTES = 4_096;
const BLOCK_WORDS = BLOCK_BYTES / 4;
/** A run of untouched memory at least this long after the static data is the unused C stack (5 MiB in this build). */
const STACK_RUN_BYTES = 1_048_576;
/**
 * A run of untouched memory at least this long ends the heap. Preparing a realm allocates
 * about 100 KB and writes what it allocates, so no run this long lies inside the heap (a
 * test checks it against the whole memory).
 */
const HEAP_END_RUN_BYTES = 262_144;
/**
 * Copied past the end of the static data: zero-initialised variables that are still zero
 * after preparation sit there (a few KB in this build) and must be restored too. The rest
 * of the gap is the C stack, dead whenever no call into the module is on it.
 */
const STATIC_TAIL_BYTES = 65_536;
/**
 * Copied from the heap's start when a snapshot is taken, without looking: finding the
 * heap's end means reading the copy word by word, tens of milliseconds in a cold process,
 * so it is done on the copy later, before the first restore (off the first program's path).
 * Doubled for later snapshots whenever a heap does not end inside it.
 */
let heapCopyBytes = 1_048_576;

interface Region {
  readonly start: number;
  readonly bytes: Uint8Array;
}

/** Whether any word of the block at `block` is non-zero. */
function touched(words: Int32Array, block: number): boolean {
  const end = (block + 1) * BLOCK_WORDS;
  for (let index = block * BLOCK_WORDS; index < end; index += 4) {
    if (words[index] !== 0 || words[index + 1] !== 0 || words[index + 2] !== 0 || words[index + 3] !== 0) return true;
  }
  return false;
}

/** The first block at or after `from` where a run of at least `runBytes` of untouched blocks starts (or the end). */
function untouchedRunFrom(words: Int32Array, from: number, blocks: number, runBytes: number): number {
  const runBlocks = runBytes / BLOCK_BYTES;
  let runStart = from;
  for (let block = from; block < blocks; block += 1) {
    if (touched(words, block)) runStart = block + 1;
    else if (block + 1 - runStart >= runBlocks) return runStart;
  }
  return blocks;
}

/** Where the static data ends and the heap starts, in blocks: the same in every instance of the module. */
export interface MemoryLayout {
  readonly staticEnd: number;
  readonly heapStart: number;
}

/**
 * The layout of the pinned build (`@jitl/quickjs-wasmfile-release-sync` 0.32.0) after a
 * realm is prepared. Scanning for it reads the untouched 5 MiB stack (a page fault per
 * 4 KiB of fresh memory and a cold loop: tens of milliseconds on a cold start), so a
 * snapshot only checks its edges; a test fails when a new build moves it.
 */
export const BUILD_MEMORY_LAYOUT: MemoryLayout = { staticEnd: 23, heapStart: 1_301 };

/** The layout last seen in this process, checked at its edges by every snapshot. */
let knownLayout: MemoryLayout = BUILD_MEMORY_LAYOUT;

/** Find the layout by reading the memory from its start (slow: see {@link BUILD_MEMORY_LAYOUT}). */
export function scanMemoryLayout(memory: WasmMemory): MemoryLayout {
  const words = new Int32Array(memory.buffer);
  const blocks = words.length / BLOCK_WORDS;
  const staticEnd = untouchedRunFrom(words, 0, blocks, STACK_RUN_BYTES);
  let heapStart = staticEnd;
  while (heapStart < blocks && !touched(words, heapStart)) heapStart += 1;
  return { staticEnd, heapStart };
}

/**
 * Where the live static data ends and the heap starts, in bytes, for a memory whose realm
 * was prepared (checked at the layout's edges, scanned when they moved).
 */
export function liveBounds(memory: WasmMemory): { readonly staticCopyEnd: number; readonly heapStart: number } {
  const { staticEnd, heapStart } = layoutOf(memory, new Int32Array(memory.buffer));
  return { staticCopyEnd: Math.min(staticEnd * BLOCK_BYTES + STATIC_TAIL_BYTES, heapStart * BLOCK_BYTES), heapStart: heapStart * BLOCK_BYTES };
}

function layoutOf(memory: WasmMemory, words: Int32Array): MemoryLayout {
  const known = knownLayout;
  if (touched(words, known.staticEnd - 1) && !touched(words, known.staticEnd) && !touched(words, known.heapStart - 1) && touched(words, known.heapStart)) {
    return known;
  }
  knownLayout = scanMemoryLayout(memory);
  return knownLayout;
}

/**
 * A copy of a QuickJS module's linear memory, taken right after a realm was prepared, that
 * puts the module back into exactly that state: restoring it undoes everything a program
 * did (globals, prototypes, closures, pending jobs, the allocator's state, the memory-limit
 * accounting), because all of QuickJS's state lives in that memory. What it does not copy
 * is dead at any moment no call into the module is on the stack: the unused C stack, and
 * the memory above the heap's end (free space, as the allocator sees it after a restore).
 * The module's globals outside memory (the stack pointer) are back at their base value
 * whenever no call is on the stack; restore only then.
 */
export class LinearMemorySnapshot {
  /** Whether the heap copy has been cut at the heap's end (undefined: not checked yet). */
  private heapEnded: boolean | undefined;

  private constructor(
    private readonly memory: WasmMemory,
    private regions: readonly [Region, Region],
    /** Whether the heap copy runs to the end of the memory (then the heap ends inside it). */
    private readonly heapCopyReachesEnd: boolean,
  ) {}

  /**
   * The snapshot of `memory` as it is now, when it holds exactly `regions` (the static data,
   * then the heap) and zeros above them: a realm restored from an image. Nothing is copied;
   * the regions are only read.
   */
  static of(memory: WasmMemory, regions: readonly [Region, Region]): LinearMemorySnapshot {
    const snapshot = new LinearMemorySnapshot(memory, regions, true);
    snapshot.heapEnded = true;
    return snapshot;
  }

  /** Copy the touched parts of `memory` now (no call into the module may be on the stack). */
  static take(memory: WasmMemory): LinearMemorySnapshot {
    const { staticCopyEnd, heapStart } = liveBounds(memory);
    const bytes = new Uint8Array(memory.buffer);
    const heapCopyEnd = Math.min(bytes.length, heapStart + heapCopyBytes);
    return new LinearMemorySnapshot(
      memory,
      [
        { start: 0, bytes: bytes.slice(0, staticCopyEnd) },
        { start: heapStart, bytes: bytes.slice(heapStart, heapCopyEnd) },
      ],
      heapCopyEnd === bytes.length,
    );
  }

  /**
   * Whether the snapshot can restore the realm: the heap ended inside the copy (a run of
   * untouched memory follows it). The first call cuts the copy there; when it returns false,
   * drop the instance (its memory is no longer as it was when the copy was taken).
   */
  get usable(): boolean {
    this.heapEnded ??= this.cutHeapCopy();
    return this.heapEnded;
  }

  /** The bytes kept (what the snapshot costs in host memory). */
  get byteLength(): number {
    return this.usable ? this.regions.reduce((sum, region) => sum + region.bytes.byteLength, 0) : 0;
  }

  /** Where the copied regions end: every byte at or above it was untouched when the snapshot was taken. */
  get end(): number {
    const heap = this.regions[1];
    return this.usable ? heap.start + heap.bytes.byteLength : 0;
  }

  /** The copied regions (the memory as the snapshot found it; zeros elsewhere); none when it is not {@link usable}. */
  get regionsCopied(): readonly Region[] {
    return this.usable ? this.regions : [];
  }

  /** Put the memory back as it was when the snapshot was taken. Throws when it is not {@link usable}. */
  restore(): void {
    if (!this.usable) throw new Error('the memory snapshot does not cover its heap: drop the instance');
    // The buffer is replaced when the memory grows: take the current one each time.
    const bytes = new Uint8Array(this.memory.buffer);
    for (const region of this.regions) bytes.set(region.bytes, region.start);
  }

  private cutHeapCopy(): boolean {
    const heap = this.regions[1];
    const words = new Int32Array(heap.bytes.buffer, heap.bytes.byteOffset, heap.bytes.byteLength / 4);
    const blocks = words.length / BLOCK_WORDS;
    const heapEnd = untouchedRunFrom(words, 0, blocks, HEAP_END_RUN_BYTES);
    if (heapEnd === blocks && !this.heapCopyReachesEnd) {
      heapCopyBytes *= 2;
      return false;
    }
    this.regions = [this.regions[0], { start: heap.start, bytes: heap.bytes.slice(0, heapEnd * BLOCK_BYTES) }];
    return true;
  }
}
