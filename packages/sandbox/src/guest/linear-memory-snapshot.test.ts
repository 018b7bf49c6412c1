import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import { GuestRealm } from './guest-realm.js';
import { BUILD_MEMORY_LAYOUT, LinearMemorySnapshot, scanMemoryLayout } from './linear-memory-snapshot.js';
import { createQuickJsInstance, memoryCapBytes } from './quickjs-instance.js';

/** The first index from `from` where `a` and `b` differ, or -1 (a plain loop: matchers are slow on megabytes). */
function firstDifference(a: Uint8Array, b: Uint8Array | number, from = 0): number {
  for (let index = from; index < a.length; index += 1) if (a[index] !== (typeof b === 'number' ? b : b[index])) return index;
  return -1;
}

describe('LinearMemorySnapshot', () => {
  it('covers every byte a prepared realm touched above the stack, and stays small', async () => {
    const instance = await createQuickJsInstance(memoryCapBytes(DEFAULT_SANDBOX_LIMITS.memoryBytes));
    const realm = new GuestRealm(instance);
    const snapshot = LinearMemorySnapshot.take(instance.memory);
    // Everything above the copied heap is untouched: a restore leaves no state of a program there.
    expect(firstDifference(new Uint8Array(instance.memory.buffer), 0, snapshot.end)).toBe(-1);
    expect(snapshot.byteLength).toBe(realm.snapshotBytes);
    // The C stack (5 MiB in this build) is left out: copying it would cost more than the program.
    expect(snapshot.byteLength).toBeLessThan(512 * 1024);
  });

  // A cold start skips the scan when this layout's edges match; a new QuickJS build or a
  // larger prelude that moves it makes every process scan once (slow, still correct).
  it('knows the layout of a prepared realm in this build without scanning', async () => {
    const instance = await createQuickJsInstance(memoryCapBytes(DEFAULT_SANDBOX_LIMITS.memoryBytes));
    new GuestRealm(instance);
    expect(scanMemoryLayout(instance.memory)).toEqual(BUILD_MEMORY_LAYOUT);
  });

  it('puts back the bytes it copied', async () => {
    const instance = await createQuickJsInstance(memoryCapBytes(DEFAULT_SANDBOX_LIMITS.memoryBytes));
    new GuestRealm(instance);
    const before = new Uint8Array(instance.memory.buffer).slice();
    const snapshot = LinearMemorySnapshot.take(instance.memory);
    const bytes = new Uint8Array(instance.memory.buffer);
    bytes.fill(7, 0, 4_096);
    bytes.fill(7, snapshot.end - 4_096, snapshot.end);
    snapshot.restore();
    expect(firstDifference(bytes, before)).toBe(-1);
  });

  // A snapshot copies a fixed length from the heap's start and finds the heap's end in the
  // copy only before its first restore; a heap that runs past the copy makes it unusable.
  it('is not usable when the heap does not end inside its copy, and copies more next time', () => {
    const heapBytes = 1_536 * 1024;
    const memoryWithHeap = (): { buffer: ArrayBuffer } => {
      const bytes = new Uint8Array(16 * 1024 * 1024);
      bytes.fill(1, 0, BUILD_MEMORY_LAYOUT.staticEnd * 4_096);
      bytes.fill(1, BUILD_MEMORY_LAYOUT.heapStart * 4_096, BUILD_MEMORY_LAYOUT.heapStart * 4_096 + heapBytes);
      return { buffer: bytes.buffer };
    };
    const short = LinearMemorySnapshot.take(memoryWithHeap());
    expect(short.usable).toBe(false);
    expect(() => short.restore()).toThrow(/drop the instance/);

    const longer = LinearMemorySnapshot.take(memoryWithHeap());
    expect(longer.usable).toBe(true);
    expect(longer.end).toBe(BUILD_MEMORY_LAYOUT.heapStart * 4_096 + heapBytes);
  });
});
