import { describe, expect, it } from 'vitest';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { EngineSink } from './engine-sink.js';
import type { EngineToolCall } from './engine-tool-call.js';
import { GuestRealm } from './guest-realm.js';
import { GuestRun } from './guest-run.js';
import { createQuickJsInstance, memoryCapBytes } from './quickjs-instance.js';
import { UNREACHABLE_MS } from '../test-support/unreachable-ms.js';

// The engine frees everything a program held: a leaked handle would make freeing the
// runtime abort the module (JS_FreeRuntime asserts its object list is empty), and the
// module could not serve the next program.

const limits = resolveSandboxLimits({ cpuBudgetMs: 2_000, memoryBytes: 8 * 1024 * 1024, watchdogGraceMs: 500 });
const bindings = [{ jsName: 'echo', canonicalName: 'echo', description: 'Echo.', kind: 'function' as const }];

const PROGRAMS: Array<[string, string, boolean]> = [
  ['a return value', 'return { list: [1, 2, 3] }', false],
  ['tool calls, one failing', 'const [a] = await Promise.all([tools.echo({ n: 1 }), tools.echo({ n: 2 })]); try { await tools.echo({ fail: true }) } catch (error) { text(error.code) } return a', false],
  ['timers, one left pending', 'setTimeout(() => text("never"), 60_000); await new Promise((resolve) => setTimeout(resolve, 1, "x")); clearTimeout(setTimeout(() => 1, 5)); return 1', false],
  ['media and text', 'image({ mimeType: "image/png", data: "AAAA" }); text({ a: 1 }); return null', false],
  ['cells', 'store("k", { v: load("k") }); notify(1); yield_control(); return load("k")', true],
  ['exit', 'text("x"); exit()', false],
  ['an uncaught error', 'throw new TypeError("boom")', false],
  ['a syntax error', 'return )', false],
  ['a value that is not JSON', 'return { f() {} }', false],
  ['a pending call at the end', 'tools.echo({ slow: true }); return 1', false],
];

function answeringHost(run: () => GuestRun | undefined): EngineSink {
  return {
    toolBatch: (calls: readonly EngineToolCall[]) => {
      for (const call of calls) {
        const input = JSON.parse(call.inputJson) as { fail?: boolean; slow?: boolean };
        if (input.slow) continue;
        queueMicrotask(() => run()?.deliver(call.id, !input.fail, input.fail ? '{"code":"DENIED","message":"no"}' : call.inputJson));
      }
    },
    event: () => undefined,
  };
}

describe('GuestRun', () => {
  it.each(PROGRAMS)('frees everything after %s, so the module serves the next program', async (_case, source, cells) => {
    const instance = await createQuickJsInstance(memoryCapBytes(limits.memoryBytes));
    for (let round = 0; round < 3; round += 1) {
      const realm = new GuestRealm(instance);
      const run: GuestRun = new GuestRun({ realm, source, bindings, limits, host: answeringHost(() => run), ...(cells ? { storedJson: '{"k":1}' } : {}) });
      const outcome = await run.start();
      expect(outcome.reusable).toBe(true);
      expect(realm.dispose()).toBe(true);
      expect(instance.healthy).toBe(true);
    }
  });

  it('refuses a realm that already served a program until it is reset', async () => {
    const instance = await createQuickJsInstance(memoryCapBytes(limits.memoryBytes));
    const realm = new GuestRealm(instance);
    const host = answeringHost(() => undefined);
    await new GuestRun({ realm, source: 'return 1', bindings, limits, host }).start();
    expect(() => new GuestRun({ realm, source: 'return 2', bindings, limits, host })).toThrow('a realm serves one program until it is reset');
    realm.reset();
    expect((await new GuestRun({ realm, source: 'return 2', bindings, limits, host }).start()).returnJson).toBe('2');
  });

  it.each(PROGRAMS)('serves the next program after %s once reset', async (_case, source, cells) => {
    const realm = new GuestRealm(await createQuickJsInstance(memoryCapBytes(limits.memoryBytes)));
    for (let round = 0; round < 3; round += 1) {
      if (round > 0) realm.reset();
      const run: GuestRun = new GuestRun({ realm, source, bindings, limits, host: answeringHost(() => run), ...(cells ? { storedJson: '{"k":1}' } : {}) });
      expect((await run.start()).reusable).toBe(true);
    }
    realm.reset();
    const host = answeringHost(() => undefined);
    expect((await new GuestRun({ realm, source: 'return typeof store', bindings, limits, host }).start()).returnJson).toBe('"undefined"');
  });

  it('settles every response of a turn in order, over the size of one delivery chunk', async () => {
    const realm = new GuestRealm(await createQuickJsInstance(memoryCapBytes(limits.memoryBytes)));
    // 600 calls answered in one tick (more than one chunk of responses), some large (over a chunk's characters), every 7th failing.
    const source = `const settled = await Promise.allSettled(Array.from({ length: 600 }, (_, n) => tools.echo({ n })));
      return settled.map((s) => s.status === 'fulfilled' ? s.value.n + ':' + s.value.pad.length : s.reason.name + ':' + s.reason.code + ':' + s.reason.message).join(',')`;
    const answer = (input: { n: number }): [boolean, string] =>
      input.n % 7 === 0 ? [false, JSON.stringify({ code: 'DENIED', message: `no ${input.n}` })] : [true, JSON.stringify({ n: input.n, pad: 'x'.repeat(input.n % 100 === 1 ? 70_000 : 1) })];
    const host: EngineSink = {
      ...answeringHost(() => undefined),
      toolBatch: (calls) => queueMicrotask(() => { for (const call of calls) run.deliver(call.id, ...answer(JSON.parse(call.inputJson) as { n: number })); }),
    };
    const run: GuestRun = new GuestRun({ realm, source, bindings, limits, host });
    const outcome = await run.start();
    const expected = Array.from({ length: 600 }, (_, n) => (n % 7 === 0 ? `ToolError:DENIED:no ${n}` : `${n}:${n % 100 === 1 ? 70_000 : 1}`)).join(',');
    expect(outcome.returnJson).toBe(JSON.stringify(expected));
  });

  it('numbers calls as the host does when the host refuses one in between, and names each by its binding', async () => {
    const realm = new GuestRealm(await createQuickJsInstance(memoryCapBytes(limits.memoryBytes)));
    const small = resolveSandboxLimits({ ...limits, maxMessageBytes: 1024 });
    const two = [...bindings, { jsName: 'other', canonicalName: 'other', description: 'Other.', kind: 'function' as const }];
    const source = `const a = tools.echo({ n: 1 });
      const b = tools.other({ big: 'x'.repeat(2000) }).catch((error) => error.code);
      const c = tools.other({ n: 3 });
      return [await a, await b, await c]`;
    const seen: Array<[number, string]> = [];
    const host: EngineSink = {
      ...answeringHost(() => undefined),
      toolBatch: (calls) => {
        for (const call of calls) seen.push([call.id, call.jsName]);
        queueMicrotask(() => { for (const call of [...calls].reverse()) run.deliver(call.id, true, call.inputJson); });
      },
    };
    const run: GuestRun = new GuestRun({ realm, source, bindings: two, limits: small, host });
    expect((await run.start()).returnJson).toBe('[{"n":1},"INVALID_ARGS",{"n":3}]');
    expect(seen).toEqual([[1, 'echo'], [2, 'other']]);
  });

  it('tells the host, again and again while one turn computes, after what the turn did so far', async () => {
    const realm = new GuestRealm(await createQuickJsInstance(memoryCapBytes(limits.memoryBytes)));
    const outputs: string[] = [];
    const outputsAtEachCall: number[] = [];
    const host: EngineSink = {
      ...answeringHost(() => undefined),
      event: (event) => {
        if (event.type === 'output') outputs.push(event.item.type === 'text' ? event.item.text : event.item.type);
      },
      // The program never ends by itself: the host ends it from inside the turn.
      duringTurn: () => {
        outputsAtEachCall.push(outputs.length);
        if (outputsAtEachCall.filter((count) => count === 1).length === 3) run.cancel();
      },
    };
    const source = "text('before'); for (;;) {}";
    const run: GuestRun = new GuestRun({ realm, source, bindings, limits: resolveSandboxLimits({ ...limits, cpuBudgetMs: UNREACHABLE_MS }), host });
    const outcome = await run.start();
    expect(outcome.error?.code).toBe('EXEC_CANCELLED');
    expect(outputs).toEqual(['before']);
    // Polls also come before text('before') ran (about every 16 steps at a program's start).
    expect(outputsAtEachCall.slice(outputsAtEachCall.indexOf(1))).toEqual([1, 1, 1]);
  });
});
