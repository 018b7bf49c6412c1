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
  /**
   * Set when the regions hold their difference (XOR) from the prepared realm's memory, which
   * has this digest (see {@link memoryDigest}): mostly zeros, so they compress far better.
   */
  readonly baseline?: string;
}

/** A byte range of a linear memory. */
export interface MemoryRange {
  readonly start: number;
  readonly bytes: number;
}

/**
 * `regions` XOR `baseline` (zeros where the baseline has no bytes), as new regions, except in
 * `verbatim` (the words that differ between any two prepared realms, such as the clock-seeded
 * random state of the context), which are kept as they are: applied twice with the same
 * baseline it gives the regions back, whatever the baselines hold in `verbatim`. A paused
 * program differs from the realm it was prepared in by a few percent of its words.
 */
export function xorRegions(regions: readonly MemoryRegion[], baseline: readonly MemoryRegion[], verbatim: readonly MemoryRange[]): MemoryRegion[] {
  return regions.map((region) => {
    const bytes = copyOf(region.bytes, region.bytes.byteLength);
    for (const base of baseline) {
      const from = Math.max(region.start, base.start);
      const to = Math.min(region.start + bytes.length, base.start + base.bytes.byteLength);
      if (to <= from) continue;
      const into = from - region.start;
      const out = from - base.start;
      if ((into | out | (to - from) | base.bytes.byteOffset) % 4 === 0) {
        const words = new Int32Array(bytes.buffer, into, (to - from) / 4);
        const baseWords = new Int32Array(base.bytes.buffer, base.bytes.byteOffset + out, (to - from) / 4);
        for (let index = 0; index < words.length; index += 1) words[index] = (words[index] as number) ^ (baseWords[index] as number);
      } else {
        for (let index = 0; index < to - from; index += 1) bytes[into + index] = (bytes[into + index] as number) ^ (base.bytes[out + index] as number);
      }
    }
    for (const range of verbatim) {
      const from = Math.max(region.start, range.start);
      const to = Math.min(region.start + bytes.length, range.start + range.bytes);
      if (to > from) bytes.set(region.bytes.subarray(from - region.start, to - region.start), from - region.start);
    }
    return { start: region.start, bytes };
  });
}

/**
 * The first `length` bytes of `bytes` in a buffer of their own. Not `slice`: a Node `Buffer`
 * (a file read, a gunzip's output) inherits Buffer's `slice`, a view into the same memory,
 * so a digest would read its words from the pool's start and the XOR would write into it.
 */
function copyOf(bytes: Uint8Array, length: number): Uint8Array {
  const copy = new Uint8Array(length);
  copy.set(bytes.subarray(0, length));
  return copy;
}

/**
 * A 64-bit digest (two FNV-1a-style hashes, hex) of what `regions` hold, ignoring trailing
 * zeros and reading the bytes in `verbatim` as zeros: whether two prepared realms' memories
 * are the same, so a difference from one is applied only to the same. Not a security check:
 * the seal's MAC is.
 */
export function memoryDigest(regions: readonly MemoryRegion[], verbatim: readonly MemoryRange[]): string {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  for (const region of regions) {
    let end = region.bytes.byteLength;
    while (end > 0 && region.bytes[end - 1] === 0) end -= 1;
    const bytes = copyOf(region.bytes, end);
    for (const range of verbatim) {
      const from = Math.max(0, range.start - region.start);
      const to = Math.min(end, range.start + range.bytes - region.start);
      if (to > from) bytes.fill(0, from, to);
    }
    low = Math.imul(low ^ region.start, 0x01000193);
    high = Math.imul(high ^ end, 0x5bd1e995);
    const words = new Int32Array(bytes.buffer, 0, end >>> 2);
    for (let index = 0; index < words.length; index += 1) {
      const word = words[index] as number;
      low = Math.imul(low ^ word, 0x01000193);
      high = Math.imul((high ^ word ^ index) + (high >>> 15), 0x5bd1e995);
    }
    for (let index = words.length * 4; index < end; index += 1) low = Math.imul(low ^ (bytes[index] as number), 0x01000193);
  }
  return (low >>> 0).toString(16).padStart(8, '0') + (high >>> 0).toString(16).padStart(8, '0');
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
export function restoreLiveMemory(memory: WasmMemory, live: Pick<LiveMemory, 'memoryBytes' | 'regions'>, clearTo: number): void {
  const bytes = new Uint8Array(memory.buffer);
  if (bytes.length < live.memoryBytes) throw new RangeError(`the memory holds ${bytes.length} bytes, the snapshot needs ${live.memoryBytes}`);
  let end = 0;
  for (const region of live.regions) {
    bytes.set(region.bytes, region.start);
    end = Math.max(end, region.start + region.bytes.byteLength);
  }
  if (clearTo > end) bytes.fill(0, end, Math.min(clearTo, bytes.length));
}
