import { liveBounds } from './linear-memory-snapshot.js';
import type { WasmMemory } from './quickjs-instance.js';

const BLOCK_WORDS = 1_024;

/** A copied part of a linear memory. */
export interface MemoryRegion {
  /** Its byte offset in the memory. */
  readonly start: number;
  readonly bytes: Uint8Array;
}

/** What a paused program's memory holds: the live regions, and how large the memory was. */
export interface LiveMemory {
  /** The memory's size when copied: a restoring instance starts with at least this much (the allocator's end may lie past the last non-zero word). */
  readonly memoryBytes: number;
  /** The static data, then the heap up to its last non-zero word. */
  readonly regions: readonly MemoryRegion[];
}

/**
 * The offset just past the last non-zero 32-bit word of `words` at or after `from` (or
 * `from` when all are zero), read from the end: a paused program's heap may hold long runs
 * of zeros (a zero-filled typed array) with live objects above them, so no run of zeros
 * ends it; only the last non-zero word does.
 */
export function lastNonZeroEnd(words: Int32Array, from: number): number {
  const first = from >>> 2;
  let index = words.length;
  // Whole blocks first (four words a step), then the last touched block word by word.
  while (index - BLOCK_WORDS >= first) {
    let touched = false;
    for (let word = index - BLOCK_WORDS; word < index; word += 4) {
      if (words[word] !== 0 || words[word + 1] !== 0 || words[word + 2] !== 0 || words[word + 3] !== 0) {
        touched = true;
        break;
      }
    }
    if (touched) break;
    index -= BLOCK_WORDS;
  }
  while (index > first && words[index - 1] === 0) index -= 1;
  return Math.max(from, index * 4);
}

/**
 * Copy what is live in `memory` now (no call into the module may be on the stack): the
 * static data the realm reset copies too, and the heap from its start to its last non-zero
 * word. The unused C stack between them is dead whenever the module is idle.
 */
export function captureLiveMemory(memory: WasmMemory): LiveMemory {
  const { staticCopyEnd, heapStart } = liveBounds(memory);
  const bytes = new Uint8Array(memory.buffer);
  const heapEnd = lastNonZeroEnd(new Int32Array(memory.buffer), heapStart);
  return {
    memoryBytes: bytes.length,
    regions: [
      { start: 0, bytes: bytes.slice(0, staticCopyEnd) },
      { start: heapStart, bytes: bytes.slice(heapStart, heapEnd) },
    ],
  };
}

/**
 * Write `live` into `memory`, which must belong to an idle instance of the same build whose
 * realm was prepared the same way and be at least `live.memoryBytes` long; the heap above
 * the copied regions up to `clearTo` is zeroed (it was zero where the copy was taken).
 */
export function restoreLiveMemory(memory: WasmMemory, live: LiveMemory, clearTo: number): void {
  const bytes = new Uint8Array(memory.buffer);
  if (bytes.length < live.memoryBytes) throw new RangeError(`the memory holds ${bytes.length} bytes, the snapshot needs ${live.memoryBytes}`);
  let end = 0;
  for (const region of live.regions) {
    bytes.set(region.bytes, region.start);
    end = Math.max(end, region.start + region.bytes.byteLength);
  }
  if (clearTo > end) bytes.fill(0, end, Math.min(clearTo, bytes.length));
}
