import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { EngineSink } from '../guest/engine-sink.js';
import type { GuestEvent } from '../shared/guest-events.js';
import { GuestRealm } from '../guest/guest-realm.js';
import { createQuickJsInstance, memoryCapBytes } from '../guest/quickjs-instance.js';
import type { QuickJsInstance } from '../guest/quickjs-instance.js';
import { encodeRealmImage } from '../guest/realm-image.js';
import type { RealmImage, RealmImageSource } from '../guest/realm-image.js';
import { SandboxEngine } from '../guest/sandbox-engine.js';
import { buildShippedRealm, readShippedRealm, shippedRealmBuild, shippedRealmDigest } from './shipped-realm.js';

// The package ships a prepared realm's image (issue 36): the first instance of a process
// restores it instead of preparing a realm. A restored realm must be the prepared one in
// everything a program can see, and an image made by another build is never read.

const limits = resolveSandboxLimits({ cpuBudgetMs: 5_000, memoryBytes: 16 * 1024 * 1024 });
const CAP = memoryCapBytes(limits.memoryBytes);
const bindings: SandboxBinding[] = ['echo', 'fail'].map((jsName) => ({ jsName, canonicalName: jsName, description: '', kind: 'function' }));

let shipped: Uint8Array;
let image: RealmImage;
beforeAll(async () => {
  shipped = await buildShippedRealm();
  const read = await readShippedRealm(shipped, (message) => {
    throw new Error(message);
  });
  if (read === undefined) throw new Error('the image just built was not read');
  image = read;
});

/** An image source that counts what the engine asks of it. */
function sourceOf(provided: RealmImage | undefined): RealmImageSource & { mismatches: number } {
  let current = provided;
  return {
    mismatches: 0,
    image: async () => current,
    mismatched() {
      this.mismatches += 1;
      current = undefined;
    },
  };
}

/** Run `source` on `engine`: echo answers with its input, fail with an error; every event is kept. */
async function run(engine: SandboxEngine, source: string, extra: Partial<SandboxLimits> = {}): Promise<{ outcome: unknown; events: GuestEvent[] }> {
  const events: GuestEvent[] = [];
  const host: EngineSink = {
    toolBatch: (calls) =>
      queueMicrotask(() => {
        for (const call of calls) {
          if (call.jsName === 'fail') engineRun.deliver(call.id, false, JSON.stringify({ code: 'DENIED', message: 'no', callId: `c${call.id}` }));
          else engineRun.deliver(call.id, true, call.inputJson);
        }
      }),
    event: (event) => events.push(event),
  };
  const engineRun = await engine.prepare({ source, bindings, limits: { ...limits, ...extra }, host });
  const { cpuMs: _cpuMs, ...outcome } = await engineRun.start();
  return { outcome, events };
}

/** What a program can observe of its realm (as in realm-reset.slow.test.ts). */
const OBSERVE = `
const show = (value) => typeof value === 'function' ? Function.prototype.toString.call(value) : typeof value;
const seen = {};
for (const [name, target] of Object.entries({ globalThis, 'Object.prototype': Object.prototype, 'Array.prototype': Array.prototype, JSON, Math, Promise })) {
  seen[name] = Reflect.ownKeys(target).map((key) => String(key) + ':' + show(Reflect.getOwnPropertyDescriptor(target, key).value)).sort();
}
return seen;`;

const PROGRAMS = [
  ['a tool call', 'return await tools.echo({ a: 1 });'],
  ['calls in parallel and a failing one', 'const [a, b] = await Promise.all([tools.echo({ v: 1 }), tools.echo({ v: 2 })]); try { await tools.fail({}); } catch (error) { return [a, b, error.name, error.code, error instanceof ToolError]; }'],
  ['console.log and text', 'console.log("one", { two: 2 }); text("three"); return null;'],
  ['timers in order', 'const order = []; await new Promise((done) => { setTimeout(() => order.push(2), 20); setTimeout(() => { order.push(1); }, 0); setTimeout(done, 40); }); return order;'],
  ['converted results', 'return new Map([["a", new Set([1])], ["d", new Date(0)]]);'],
  ['a runtime error', 'null.x'],
  ['a syntax error', 'return {'],
  ['Math.random', 'const x = Math.random(); return x >= 0 && x < 1;'],
  ['the globals and built-ins', OBSERVE],
] as const;

describe('a realm restored from the shipped image', () => {
  it('is the prepared realm: same wiring, and restored rather than prepared', async () => {
    const prepared = new GuestRealm(await createQuickJsInstance(CAP));
    const restored = new GuestRealm(await createQuickJsInstance(CAP), image);
    expect(prepared.restored).toBe(false);
    expect(restored.restored).toBe(true);
    expect(restored.wiring()).toBe(prepared.wiring());
    expect(restored.wiring()).toBe(image.wiring);
  });

  it('keeps its wiring when the image is read as a Node Buffer at an offset in a larger buffer, as a file read gives it', async () => {
    // Buffer's own `slice` is a view: a digest that sliced the regions read the wrong bytes,
    // so every restored realm was "wired differently" and the shipped image was dropped.
    const pool = Buffer.alloc(shipped.byteLength + 1_424);
    pool.set(shipped, 1_424);
    const read = await readShippedRealm(pool.subarray(1_424), (message) => {
      throw new Error(message);
    });
    const realm = new GuestRealm(await createQuickJsInstance(CAP), read);
    expect(realm.restored).toBe(true);
    expect(realm.wiring()).toBe(image.wiring);
    const source = sourceOf(read);
    const engine = new SandboxEngine({ realmImage: source });
    expect((await run(engine, 'return await tools.echo({ v: 1 });')).outcome).toMatchObject({ status: 'completed', returnJson: '{"v":1}' });
    expect(source.mismatches).toBe(0);
    engine.close();
  });

  it('runs guest-API programs as a prepared realm does, and resets between them', async () => {
    const source = sourceOf(image);
    const restoredEngine = new SandboxEngine({ realmImage: source, maxIdleInstances: 1 });
    const preparedEngine = new SandboxEngine({ maxIdleInstances: 1 });
    for (const [, program] of PROGRAMS) {
      const [restored, prepared] = [await run(restoredEngine, program), await run(preparedEngine, program)];
      expect(restored).toEqual(prepared);
    }
    const pristine = await run(restoredEngine, OBSERVE);
    await run(restoredEngine, 'globalThis.leaked = 1; Object.prototype.polluted = 1; Array.prototype.map = () => 0; return 1;');
    expect(await run(restoredEngine, OBSERVE)).toEqual(pristine);
    expect((await run(restoredEngine, 'return [typeof leaked, ({}).polluted ?? null, [1].map((x) => x)]')).outcome).toMatchObject({ returnJson: '["undefined",null,[1]]' });
    expect(source.mismatches).toBe(0);
    restoredEngine.close();
    preparedEngine.close();
  });

  it('is replaced by a new realm after a limit, restored from the image again', async () => {
    const source = sourceOf(image);
    const engine = new SandboxEngine({ realmImage: source });
    expect((await run(engine, 'const all = []; for (;;) all.push(new Array(1e5).fill(0))')).outcome).toMatchObject({ status: 'failed', error: { code: 'EXEC_MEMORY' } });
    expect((await run(engine, 'function f() { f(); } f()')).outcome).toMatchObject({ status: 'failed', error: { code: 'EXEC_STACK' } });
    expect((await run(engine, 'return await tools.echo({ v: 7 });')).outcome).toMatchObject({ status: 'completed', returnJson: '{"v":7}' });
    expect(source.mismatches).toBe(0);
    engine.close();
  });
});

describe('a shipped image that does not fit', () => {
  it('is refused when another build made it, saying why', async () => {
    const other = await encodeRealmImage(image, { ...shippedRealmBuild(), wasm: shippedRealmDigest('another build') }, shippedRealmDigest);
    const said: string[] = [];
    expect(await readShippedRealm(other, (message) => said.push(message))).toBeUndefined();
    expect(said).toEqual(['the shipped realm image is not used: the realm image was made by another build (wasm differ)']);
  });

  it('is refused when it is truncated, corrupted or not an image at all', async () => {
    const said: string[] = [];
    const corrupted = shipped.slice();
    corrupted[corrupted.length - 100] = (corrupted[corrupted.length - 100] ?? 0) ^ 1;
    expect(await readShippedRealm(shipped.subarray(0, 12), (message) => said.push(message))).toBeUndefined();
    expect(await readShippedRealm(corrupted, (message) => said.push(message))).toBeUndefined();
    expect(await readShippedRealm(new TextEncoder().encode('{"json": true}'), (message) => said.push(message))).toBeUndefined();
    expect(said).toEqual([
      'the shipped realm image is not used: the realm image is truncated',
      'the shipped realm image is not used: the realm image memory does not match its digest',
      'the shipped realm image is not used: not a realm image',
    ]);
  });

  it("is not restored when its natives are not this package's: the realm is prepared, nothing of the image written", async () => {
    const other = { ...image, natives: [...image.natives].reverse() };
    const realm = new GuestRealm(await createQuickJsInstance(CAP), other);
    const prepared = new GuestRealm(await createQuickJsInstance(CAP));
    expect(realm.restored).toBe(false);
    expect(realm.wiring()).toBe(prepared.wiring());
  });

  it("creates no runtime or context in the module when it restores: the image's are taken over", async () => {
    /** An instance whose calls that create a runtime or a context are counted. */
    const counted = async (): Promise<{ instance: QuickJsInstance; created: string[] }> => {
      const instance = await createQuickJsInstance(CAP);
      const ffi = (instance.quickjs as unknown as { ffi: Record<string, (...args: unknown[]) => unknown> }).ffi;
      const created: string[] = [];
      for (const name of ['QTS_NewRuntime', 'QTS_NewContext']) {
        const original = ffi[name] as (...args: unknown[]) => unknown;
        ffi[name] = (...args) => {
          created.push(name);
          return original(...args);
        };
      }
      return { instance, created };
    };
    const restoring = await counted();
    const realm = new GuestRealm(restoring.instance, image);
    expect(realm.restored).toBe(true);
    expect(restoring.created).toEqual([]);
    expect(realm.wiring()).toBe(image.wiring);
    // And an engine's first realm, restored so, runs programs.
    const engineInstance = await counted();
    const engine = new SandboxEngine({ realmImage: sourceOf(image), createInstance: async () => engineInstance.instance });
    expect((await run(engine, 'return await tools.echo({ v: 3 });')).outcome).toMatchObject({ status: 'completed', returnJson: '{"v":3}' });
    expect(engineInstance.created).toEqual([]);
    engine.close();
    // The count can fail: preparing a realm creates both.
    const preparing = await counted();
    expect(new GuestRealm(preparing.instance).restored).toBe(false);
    expect(preparing.created).toEqual(['QTS_NewRuntime', 'QTS_NewContext']);
  });

  it('is not restored when the loader allocates more than the scratch word while the objects are made: the realm is prepared', async () => {
    const instance = await createQuickJsInstance(CAP);
    const quickjs = instance.quickjs as unknown as { newRuntime(): { newContext(options?: unknown): unknown }; module: { _malloc(bytes: number): number } };
    const newRuntime = quickjs.newRuntime.bind(quickjs);
    // A later loader whose context takes a second word when made: it would get the image's scratch address twice.
    quickjs.newRuntime = () => {
      const runtime = newRuntime();
      const newContext = runtime.newContext.bind(runtime);
      runtime.newContext = (options) => {
        quickjs.module._malloc(16);
        return newContext(options);
      };
      return runtime;
    };
    const realm = new GuestRealm(instance, image);
    quickjs.newRuntime = newRuntime;
    expect(realm.restored).toBe(false);
    expect(realm.wiring()).not.toBe(image.wiring);
  });

  it('falls back to preparing, said once, when the restored realm is not wired as the image says', async () => {
    const source = sourceOf({ ...image, wiring: image.wiring.replace('"hostRefs":', '"hostRefs":1') });
    const engine = new SandboxEngine({ realmImage: source });
    expect((await run(engine, 'return await tools.echo({ v: "prepared" });')).outcome).toMatchObject({ status: 'completed', returnJson: '{"v":"prepared"}' });
    expect((await run(engine, 'const all = []; for (;;) all.push(new Array(1e5).fill(0))')).outcome).toMatchObject({ error: { code: 'EXEC_MEMORY' } });
    expect((await run(engine, 'return 2;')).outcome).toMatchObject({ returnJson: '2' });
    expect(source.mismatches).toBe(1);
    engine.close();
  });
});

describe('the shipped image check', () => {
  it('names bytes by CRC-32 and length, and says what it needs where Node has no built-ins', () => {
    expect(shippedRealmDigest(new TextEncoder().encode('123456789'))).toBe('crc32:cbf43926:9');
    expect(shippedRealmDigest('é')).toBe(`crc32:${shippedRealmDigest(new TextEncoder().encode('é')).split(':')[1]}:2`);
    const getBuiltinModule = process.getBuiltinModule;
    (process as { getBuiltinModule?: unknown }).getBuiltinModule = undefined;
    try {
      expect(() => shippedRealmDigest('x')).toThrow('checking a shipped realm image needs node:zlib');
    } finally {
      process.getBuiltinModule = getBuiltinModule;
    }
  });
});

describe('the module environment', () => {
  it('is the same whatever the script path and language of the process, so preparing allocates the same way', async () => {
    const reference = new GuestRealm(await createQuickJsInstance(CAP)).wiring();
    const argv = process.argv[1];
    const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    process.argv[1] = `/${'a-much-longer-script-path/'.repeat(8)}entry.js`;
    Object.defineProperty(globalThis, 'navigator', { value: { language: 'de-CH-x-a-long-locale-tag' }, configurable: true });
    try {
      expect(new GuestRealm(await createQuickJsInstance(CAP)).wiring()).toBe(reference);
    } finally {
      process.argv[1] = argv as string;
      if (navigator === undefined) delete (globalThis as { navigator?: unknown }).navigator;
      else Object.defineProperty(globalThis, 'navigator', navigator);
    }
    // The module saw neither, and the host's navigator is back.
    expect(Object.getOwnPropertyDescriptor(globalThis, 'navigator')).toEqual(navigator);
  });
});
