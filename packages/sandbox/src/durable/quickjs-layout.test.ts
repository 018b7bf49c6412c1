import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import { CONTEXT_RANDOM_STATE, GuestRealm } from '../guest/guest-realm.js';
import { captureLiveMemory, lastNonZeroEnd, memoryDigest, xorRegions } from '../guest/live-memory.js';
import { BUILD_MEMORY_LAYOUT } from '../guest/linear-memory-snapshot.js';
import { createQuickJsInstance, memoryCapBytes } from '../guest/quickjs-instance.js';
import { QUICKJS_LIBRARY, QUICKJS_VARIANT, buildFingerprint } from './build-fingerprint.js';

// What the snapshot format relies on in the pinned QuickJS build. When a QuickJS upgrade
// fails this file, do not just update the figures: check that preparing a realm is still
// deterministic (the wiring test), that the layout's static data / C stack / heap order holds
// (live-memory.ts copies the static data and the heap, never the stack), and that the
// emscripten module takes a larger initial memory; then update the figures. Old snapshots
// are refused by the build fingerprint (SNAPSHOT_BUILD_MISMATCH), never misread.
const PINNED_WASM_SHA256 = '105c3bed22d457e43e3d1c3c1c6959fda62a8fe06f0fc8a985303c3a2be72232';
const CAP = memoryCapBytes(DEFAULT_SANDBOX_LIMITS.memoryBytes);

describe('the QuickJS build durable snapshots rely on', () => {
  it('is the pinned one: library, variant and .wasm digest', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    expect(QUICKJS_LIBRARY).toBe(`quickjs-emscripten-core@${manifest.dependencies['quickjs-emscripten-core']}`);
    expect(QUICKJS_VARIANT).toBe(`@jitl/quickjs-wasmfile-release-sync@${manifest.dependencies['@jitl/quickjs-wasmfile-release-sync']}`);
    expect(buildFingerprint().wasm).toBe(PINNED_WASM_SHA256);
  });

  it('prepares every realm with the same wiring, also after other instances were used', async () => {
    const first = new GuestRealm(await createQuickJsInstance(CAP));
    first.context.evalCode('globalThis.x = Array.from({ length: 1000 }, (_, i) => ({ i }))').dispose();
    const second = new GuestRealm(await createQuickJsInstance(CAP));
    const grown = new GuestRealm(await createQuickJsInstance(CAP, undefined, 40 * 1024 * 1024));
    expect(second.wiring()).toBe(first.wiring());
    expect(grown.wiring()).toBe(first.wiring());
    const wiring = JSON.parse(first.wiring()) as { runtime: number; context: number; handles: number[]; layout: { staticCopyEnd: number; heapStart: number } };
    expect(wiring.layout.heapStart).toBe(BUILD_MEMORY_LAYOUT.heapStart * 4096);
    expect(wiring.runtime).toBeGreaterThan(wiring.layout.heapStart);
    expect(new Set(wiring.handles).size).toBe(wiring.handles.length);
    // A memory created larger than the module's 16 MiB serves emscripten's views.
    expect(grown.instance.memory.buffer.byteLength).toBe(40 * 1024 * 1024);
    expect(grown.context.getNumber(grown.context.unwrapResult(grown.context.evalCode('[1, 2, 3].length')))).toBe(3);
  });

  it('copies the heap to its last non-zero word, across any run of zeros', () => {
    const words = new Int32Array(4 * 1024 * 1024);
    words[10] = 1;
    words[3 * 1024 * 1024 + 5] = 7;
    expect(lastNonZeroEnd(words, 0)).toBe((3 * 1024 * 1024 + 6) * 4);
    expect(lastNonZeroEnd(new Int32Array(1024), 64)).toBe(64);
  });

  it('captures the static data and the heap of a prepared realm, not the C stack', async () => {
    const instance = await createQuickJsInstance(CAP);
    new GuestRealm(instance);
    const live = captureLiveMemory(instance.memory);
    const [staticData, heap] = live.regions;
    expect(staticData?.start).toBe(0);
    expect(heap?.start).toBe(BUILD_MEMORY_LAYOUT.heapStart * 4096);
    expect((staticData?.bytes.length ?? 0) + (heap?.bytes.length ?? 0)).toBeLessThan(512 * 1024);
    const bytes = new Uint8Array(instance.memory.buffer);
    const end = (heap?.start ?? 0) + (heap?.bytes.length ?? 0);
    expect(bytes[end - 4] || bytes[end - 3] || bytes[end - 2] || bytes[end - 1]).toBeTruthy();
    expect(bytes.subarray(end).every((byte) => byte === 0)).toBe(true);
  });

  it('prepares realms that differ only in the context random state, so one prepared-memory digest serves them all', async () => {
    const first = new GuestRealm(await createQuickJsInstance(CAP));
    const second = new GuestRealm(await createQuickJsInstance(CAP));
    const context = (first.context as unknown as { ctx: { value: number } }).ctx.value;
    const verbatim = [{ start: context + CONTEXT_RANDOM_STATE.offset, bytes: CONTEXT_RANDOM_STATE.bytes }];
    const [a, b] = [captureLiveMemory(first.instance.memory), captureLiveMemory(second.instance.memory)];
    const differing: number[] = [];
    a.regions.forEach((region, index) => {
      const other = b.regions[index]?.bytes ?? new Uint8Array();
      expect(other.length).toBe(region.bytes.length);
      region.bytes.forEach((byte, at) => {
        if (other[at] !== byte) differing.push(region.start + at);
      });
    });
    expect(differing.every((at) => at >= verbatim[0]!.start && at < verbatim[0]!.start + verbatim[0]!.bytes)).toBe(true);
    expect(second.baselineDigest()).toBe(first.baselineDigest());
    // The random state is kept verbatim: a difference taken from one realm restores against another whose state differs.
    const flipped = a.regions.map((region) => ({ start: region.start, bytes: region.bytes.slice() }));
    const heap = flipped[1]!;
    const flippedAt = verbatim[0]!.start - heap.start;
    heap.bytes[flippedAt] = heap.bytes[flippedAt]! ^ 0xff;
    expect(memoryDigest(flipped, verbatim)).toBe(memoryDigest(a.regions, verbatim));
    expect(memoryDigest(flipped, [])).not.toBe(memoryDigest(a.regions, []));
    const live = b.regions.map((region) => ({ start: region.start, bytes: region.bytes.slice() }));
    live[1]!.bytes[100] = live[1]!.bytes[100]! ^ 0x5a;
    const back = xorRegions(xorRegions(live, a.regions, verbatim), flipped, verbatim);
    expect(back.map((region) => Buffer.from(region.bytes).equals(Buffer.from(live[back.indexOf(region)]!.bytes)))).toEqual([true, true]);
  });
});
