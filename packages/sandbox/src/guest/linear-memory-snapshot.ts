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
interface Layout {
  readonly staticEnd: number;
  readonly heapStart: number;
}

/**
 * The layout found in the first snapshot of the process. Reading the untouched stack costs
 * a page fault per 4 KiB of fresh memory (milliseconds), so later snapshots only check its edges.
 */
let knownLayout: Layout | undefined;

function layoutOf(words: Int32Array, blocks: number): Layout {
  const known = knownLayout;
  if (known !== undefined && touched(words, known.staticEnd - 1) && !touched(words, known.staticEnd) && !touched(words, known.heapStart - 1) && touched(words, known.heapStart)) {
    return known;
  }
  const staticEnd = untouchedRunFrom(words, 0, blocks, STACK_RUN_BYTES);
  let heapStart = staticEnd;
  while (heapStart < blocks && !touched(words, heapStart)) heapStart += 1;
  knownLayout = { staticEnd, heapStart };
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
  private constructor(
    private readonly memory: WasmMemory,
    private readonly regions: readonly Region[],
  ) {}

  /** Copy the touched parts of `memory` now (no call into the module may be on the stack). */
  static take(memory: WasmMemory): LinearMemorySnapshot {
    const words = new Int32Array(memory.buffer);
    const blocks = words.length / BLOCK_WORDS;
    const { staticEnd, heapStart } = layoutOf(words, blocks);
    const heapEnd = untouchedRunFrom(words, heapStart, blocks, HEAP_END_RUN_BYTES);
    const bytes = new Uint8Array(memory.buffer);
    const staticCopyEnd = Math.min(staticEnd * BLOCK_BYTES + STATIC_TAIL_BYTES, heapStart * BLOCK_BYTES);
    const regions = [
      { start: 0, bytes: bytes.slice(0, staticCopyEnd) },
      { start: heapStart * BLOCK_BYTES, bytes: bytes.slice(heapStart * BLOCK_BYTES, heapEnd * BLOCK_BYTES) },
    ];
    return new LinearMemorySnapshot(memory, regions);
  }

  /** The bytes kept (what the snapshot costs in host memory). */
  get byteLength(): number {
    return this.regions.reduce((sum, region) => sum + region.bytes.byteLength, 0);
  }

  /** Where the copied regions end: every byte at or above it was untouched when the snapshot was taken. */
  get end(): number {
    const last = this.regions[this.regions.length - 1];
    return last === undefined ? 0 : last.start + last.bytes.byteLength;
  }

  /** Put the memory back as it was when the snapshot was taken. */
  restore(): void {
    // The buffer is replaced when the memory grows: take the current one each time.
    const bytes = new Uint8Array(this.memory.buffer);
    for (const region of this.regions) bytes.set(region.bytes, region.start);
  }
}
