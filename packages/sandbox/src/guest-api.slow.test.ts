import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestToolCall, GuestToolResponse } from './contract/guest-tool-call.js';
import type { OutputItem } from './contract/output-item.js';
import type { RunProgramRequest, SandboxCells } from './contract/run-program-request.js';
import type { SandboxBinding } from './contract/sandbox-binding.js';
import type { SandboxTransport } from './contract/sandbox-transport.js';
import { createInProcessTransport } from './host/in-process-transport.js';
import { createChildProcessTransport } from './node/child-process-transport.js';
import { createWorkerTransport } from './node/worker-transport.js';

// The guest API, the same on every transport. The child-process and worker halves are
// slow: their children and workers start from sources through tsx.

const LIMITS = { cpuBudgetMs: 5_000, memoryBytes: 16 * 1024 * 1024, bootTimeoutMs: 60_000 };
const PNG = 'iVBORw0KGgo=';

const bindings: SandboxBinding[] = [
  { jsName: 'read_file', canonicalName: 'read_file', description: 'Read a file.', kind: 'function' },
  { jsName: 'apply_patch', canonicalName: 'apply-patch', description: 'Apply a patch.', kind: 'freeform' },
  { jsName: 'forbidden', canonicalName: 'forbidden', description: 'Always denied.', kind: 'function' },
];

function answer(call: GuestToolCall): GuestToolResponse {
  if (call.jsName === 'forbidden') return { ok: false, error: { code: 'DENIED', message: 'not allowed here', callId: `call-${call.id}` } };
  if (call.jsName === 'apply_patch') return { ok: true, value: `applied ${String(call.input)}` };
  return { ok: true, value: { input: call.input, content: 'hello' } };
}

const transports: Array<[string, () => SandboxTransport]> = [
  ['in process', () => createInProcessTransport({ limits: LIMITS })],
  ['child process (slow)', () => createChildProcessTransport({ limits: LIMITS, pool: { size: 1 } })],
  ['worker thread (slow)', () => createWorkerTransport({ limits: LIMITS, pool: { size: 1 } })],
];

describe.each(transports)('guest API, %s', (_name, create) => {
  let transport: SandboxTransport;
  beforeAll(() => {
    transport = create();
  });
  afterAll(() => transport.close());

  async function run(source: string, extra: Partial<RunProgramRequest> = {}) {
    const batches: GuestToolCall[][] = [];
    const streamed: OutputItem[] = [];
    const result = await transport.run({
      source,
      bindings,
      onToolBatch: (calls) => {
        batches.push([...calls]);
        return calls.map((call) => Promise.resolve(answer(call)));
      },
      onOutput: (item) => streamed.push(item),
      ...extra,
    });
    return { result, batches, streamed };
  }

  async function value(source: string): Promise<unknown> {
    const { result } = await run(source);
    expect(result.error).toBeUndefined();
    return result.returnValue;
  }

  describe('program shape', () => {
    it('runs the source as an async function body and returns JSON', async () => {
      const { result } = await run('const a = await Promise.resolve(20); return { sum: a + 22, list: [true, null, "x"] };');
      expect(result).toMatchObject({ status: 'completed', returnValue: { sum: 42, list: [true, null, 'x'] }, output: [] });
      expect(result.stats.toolCalls).toBe(0);
      expect(result.stats.cpuMs).toBeGreaterThan(0);
      expect(result.stats.wallMs).toBeGreaterThanOrEqual(result.stats.cpuMs);
    });

    it('leaves returnValue out when the program returns nothing', async () => {
      const { result } = await run('text("done")');
      expect(result.status).toBe('completed');
      expect('returnValue' in result).toBe(false);
    });

    it('reports a value that is not JSON data as such', async () => {
      for (const [source, reason] of [
        ['return { f() {} }', 'the member "f" is a function, which is not JSON data'],
        ['const a = {}; a.self = a; return a', 'circular reference'],
        ['return { s: Symbol("s") }', 'the member "s" is a symbol, which is not JSON data'],
      ]) {
        const { result } = await run(source as string);
        expect(result.status).toBe('failed');
        expect(result.error?.code).toBe('EXEC_RUNTIME');
        expect(result.error?.message).toContain("The program's return value cannot be returned: the return value is not JSON data");
        expect(result.error?.message).toContain(reason);
      }
    });

    it('reports a syntax error with its location', async () => {
      const { result } = await run('const x = 1;\nlet = = 2;');
      expect(result.error?.code).toBe('EXEC_SYNTAX');
      expect(result.error?.message).toMatch(/^The program does not parse: SyntaxError: .+ \(program\.js:2:\d+\)\. It runs as the body of an async function/);
    });

    it('reports an uncaught error with its message and a stack', async () => {
      const { result } = await run('function inner() { throw new TypeError("bad thing") }\ninner()');
      expect(result.error).toMatchObject({ code: 'EXEC_RUNTIME', message: 'Uncaught TypeError: bad thing' });
      expect(result.error?.stack).toContain('at inner (program.js:1');
      const thrown = await run('throw "just a string"');
      expect(thrown.result.error?.message).toBe('Uncaught exception (a thrown string, not an Error): just a string');
    });

    it('leaves the guest API\'s own frames out of the stack', async () => {
      const { result } = await run('await tools.no_such_tool({})');
      expect(result.error?.message).toContain('tools.no_such_tool is not an available tool');
      expect(result.error?.stack).toContain('program.js:1');
      expect(result.error?.stack).not.toContain('guest-prelude.js');
    });

    it('fails static import as a syntax error and dynamic import at run time', async () => {
      expect((await run("import fs from 'fs'")).result.error?.code).toBe('EXEC_SYNTAX');
      expect((await run("await import('fs')")).result.error).toMatchObject({
        code: 'EXEC_RUNTIME',
        message: "Uncaught ReferenceError: could not load module 'fs'",
      });
    });

    it('has none of the host globals', async () => {
      const names = ['process', 'require', 'module', 'Buffer', 'fetch', 'XMLHttpRequest', 'WebSocket', 'setInterval', 'setImmediate'];
      const more = ['queueMicrotask', 'WebAssembly', 'Atomics', 'SharedArrayBuffer', 'clearInterval', 'clearImmediate'];
      const present = await value(`return ${JSON.stringify([...names, ...more])}.filter((name) => typeof globalThis[name] !== 'undefined')`);
      expect(present).toEqual([]);
    });
  });

  describe('tools', () => {
    it('is a frozen object whose own keys are exactly the bindings', async () => {
      expect(await value('return [Object.keys(tools), Object.isFrozen(tools), "read_file" in tools, "exec" in tools, typeof tools.read_file]')).toEqual([
        ['read_file', 'apply_patch', 'forbidden'],
        true,
        true,
        false,
        'function',
      ]);
    });

    it.each(['exec', 'constructor', '__proto__', 'toString', 'then'])('throws a clear error for tools.%s', async (name) => {
      const message = await value(`try { tools[${JSON.stringify(name)}]; return 'no error' } catch (error) { return error.name + ': ' + error.message }`);
      expect(message).toBe(`TypeError: tools.${name} is not an available tool (available: read_file, apply_patch, forbidden); see ALL_TOOLS`);
    });

    it('cannot be changed', async () => {
      expect(await value('tools.read_file = 1; tools.extra = 2; delete tools.read_file; return [typeof tools.read_file, "extra" in tools]')).toEqual([
        'function',
        false,
      ]);
      expect(await value('"use strict"; try { tools.read_file = 1; return "changed" } catch (error) { return error.name }')).toBe('TypeError');
      expect(await value('try { Object.setPrototypeOf(tools, {}); return "changed" } catch (error) { return error.name }')).toBe('TypeError');
    });

    it('calls a function tool with a plain object and resolves with the typed result', async () => {
      const { result, batches } = await run('return await tools.read_file({ path: "a.txt", lines: [1, 2] })');
      expect(result.returnValue).toEqual({ input: { path: 'a.txt', lines: [1, 2] }, content: 'hello' });
      expect(batches).toEqual([[{ id: 1, jsName: 'read_file', input: { path: 'a.txt', lines: [1, 2] } }]]);
      expect(result.stats.toolCalls).toBe(1);
    });

    it('treats a missing argument as {} and calls a freeform tool with a string', async () => {
      const { result, batches } = await run('return [await tools.read_file(), await tools.apply_patch("*** Begin Patch")]');
      expect(result.returnValue).toEqual([{ input: {}, content: 'hello' }, 'applied *** Begin Patch']);
      expect(batches.map((batch) => batch.map((call) => call.input))).toEqual([[{}], ['*** Begin Patch']]);
    });

    it.each([
      ['tools.read_file("a.txt")', 'tools.read_file takes one plain object argument, like tools.read_file({ ... }), got a string'],
      ['tools.read_file([1])', 'tools.read_file takes one plain object argument, like tools.read_file({ ... }), got an array'],
      ['tools.read_file(new Date(0))', 'tools.read_file takes one plain object argument, like tools.read_file({ ... }), got a Date instance'],
      ['tools.read_file({}, {})', 'tools.read_file takes one argument'],
      ['tools.read_file({ f: () => 1 })', 'the argument of tools.read_file is not JSON data: the member "f" is a function, which is not JSON data'],
      ['tools.read_file({ n: Infinity })', 'the argument of tools.read_file is not JSON data: the member "n" is Infinity, which is not a JSON number'],
      ['tools.read_file({ s: Symbol("x") })', 'the argument of tools.read_file is not JSON data: the member "s" is a symbol, which is not JSON data'],
      ['tools.read_file({ list: [1, [undefined]] })', 'the argument of tools.read_file is not JSON data: an array element is undefined, which is not JSON data (use null)'],
      ['tools.read_file({ list: [new (class Point {})()] })', 'the argument of tools.read_file is not JSON data: the member "0" is a Point instance, which is not plain JSON data'],
      ['tools.apply_patch({ patch: "x" })', 'tools.apply_patch takes one string argument (it is a freeform tool), got an object'],
    ])('rejects %s with INVALID_ARGS before reaching the host', async (call, message) => {
      const { result, batches } = await run(`try { await ${call}; return 'resolved' } catch (error) { return [error.code, error.message] }`);
      expect(result.returnValue).toEqual(['INVALID_ARGS', message]);
      expect(batches).toEqual([]);
    });

    it('passes every kind of plain JSON data in an argument, dropping undefined members as JSON.stringify does', async () => {
      const source = `const bare = Object.create(null); bare.k = 'v';
        const odd = [1]; Object.setPrototypeOf(odd, null);
        await tools.read_file({ s: 'x', t: true, f: false, n: -1.5, z: null, u: undefined, list: [0, [null], {}], bare, odd })`;
      const { batches } = await run(source);
      expect(batches.map((batch) => batch.map((call) => call.input))).toEqual([
        [{ s: 'x', t: true, f: false, n: -1.5, z: null, list: [0, [null], {}], bare: { k: 'v' }, odd: [1] }],
      ]);
    });

    it('rejects with an Error carrying code, callId and message when the host fails the call', async () => {
      expect(
        await value('try { await tools.forbidden({}) } catch (error) { return [error instanceof Error, error.name, error.code, error.callId, error.message] }'),
      ).toEqual([true, 'ToolError', 'DENIED', 'call-1', 'not allowed here']);
      const { result } = await run('await tools.forbidden({})');
      expect(result.error).toMatchObject({ code: 'EXEC_RUNTIME', message: 'Uncaught ToolError [DENIED] from tools.forbidden: not allowed here' });
    });

    it('sends the calls of one turn as one batch, and sequential awaits as separate batches', async () => {
      const parallel = await run('return (await Promise.all([1, 2, 3].map((n) => tools.read_file({ n })))).length');
      expect(parallel.result.returnValue).toBe(3);
      expect(parallel.batches.map((batch) => batch.map((call) => call.id))).toEqual([[1, 2, 3]]);
      const sequential = await run('for (const n of [1, 2]) await tools.read_file({ n }); return "ok"');
      expect(sequential.batches.map((batch) => batch.map((call) => call.id))).toEqual([[1], [2]]);
    });

    it('ends the program when it returns, leaving unanswered calls to the host', async () => {
      let late: ((response: GuestToolResponse) => void) | undefined;
      const result = await transport.run({
        source: 'tools.read_file({ slow: true }); return "not waiting"',
        bindings,
        onToolBatch: (calls) => calls.map(() => new Promise<GuestToolResponse>((resolve) => (late = resolve))),
      });
      expect(result).toMatchObject({ status: 'completed', returnValue: 'not waiting' });
      late?.({ ok: true, value: 'too late' });
      expect(await value('return 1')).toBe(1);
    });

    it('lists the bindings in ALL_TOOLS, frozen', async () => {
      expect(await value('return [ALL_TOOLS, Object.isFrozen(ALL_TOOLS), Object.isFrozen(ALL_TOOLS[0])]')).toEqual([
        [
          { name: 'read_file', jsName: 'read_file', description: 'Read a file.' },
          { name: 'apply-patch', jsName: 'apply_patch', description: 'Apply a patch.' },
          { name: 'forbidden', jsName: 'forbidden', description: 'Always denied.' },
        ],
        true,
        true,
      ]);
    });
  });

  describe('output', () => {
    it('appends text, converting non-strings, and streams items as they come', async () => {
      const { result, streamed } = await run('text("plain"); text({ a: 1 }); text(42); text(undefined); text(new Error("oops")); return 1');
      const texts = ['plain', '{"a":1}', '42', 'undefined', 'Error: oops'];
      expect(result.output).toEqual(texts.map((text) => ({ type: 'text', text })));
      expect(streamed).toEqual(result.output);
    });

    it('throws a TypeError, as JSON.stringify does, for a value JSON cannot represent; never prints [object Object]', async () => {
      const { result } = await run(`
        const cycle = { name: 'loop' }; cycle.self = cycle;
        const errors = [];
        for (const value of [cycle, { size: 1n }, 1n, [cycle]]) {
          try { text(value) } catch (error) { errors.push(error instanceof TypeError) }
        }
        text({ toJSON() { return undefined } });
        return errors`);
      expect(result.returnValue).toEqual([true, true, true, true]);
      expect(result.output).toEqual([{ type: 'text', text: 'undefined' }]);
      const uncaught = await run('const cycle = {}; cycle.self = cycle; text(cycle)');
      expect(uncaught.result.error).toMatchObject({ code: 'EXEC_RUNTIME', message: expect.stringMatching(/^Uncaught TypeError: /) });
      expect(uncaught.result.output).toEqual([]);
    });

    it('keeps every character of the strings that cross (NUL, lone surrogates, emoji)', async () => {
      const tricky = 'a\u0000b \ud800 🙂 "quoted" \\';
      const { result, batches } = await run(`const s = ${JSON.stringify(tricky)}; text(s); return [s, (await tools.apply_patch(s))]`);
      expect(result.output).toEqual([{ type: 'text', text: tricky }]);
      expect(batches[0]?.[0]?.input).toBe(tricky);
      expect(result.returnValue).toEqual([tricky, `applied ${tricky}`]);
    });

    it('appends media from a data: URL or { mimeType, data }', async () => {
      const { result } = await run(
        `image("data:image/png;base64,${PNG}"); audio({ mimeType: "audio/wav", data: "AAAA" }); generatedImage({ mimeType: "image/jpeg", data: "" })`,
      );
      expect(result.output).toEqual([
        { type: 'image', mimeType: 'image/png', data: PNG },
        { type: 'audio', mimeType: 'audio/wav', data: 'AAAA' },
        { type: 'generatedImage', mimeType: 'image/jpeg', data: '' },
      ]);
    });

    it.each([
      ['image("https://example.com/a.png")', 'image() takes a "data:<mime type>;base64,<data>" URL or { mimeType, data } with base64 data'],
      ['image({ mimeType: "audio/wav", data: "AAAA" })', 'image() needs an image/* MIME type, got "audio/wav"'],
      ['audio({ mimeType: "audio/wav", data: "not base64!" })', 'audio() needs base64 data (A-Z, a-z, 0-9, +, /, = padding)'],
      ['image(42)', 'image() takes a "data:<mime type>;base64,<data>" URL or { mimeType, data } with base64 data, got a number'],
    ])('rejects %s with a TypeError', async (call, message) => {
      expect(await value(`try { ${call}; return 'kept' } catch (error) { return error.name + ': ' + error.message }`)).toBe(`TypeError: ${message}`);
    });

    it('keeps output produced before a failure', async () => {
      const { result } = await run('text("before"); throw new Error("after")');
      expect(result).toMatchObject({ status: 'failed', output: [{ type: 'text', text: 'before' }], error: { code: 'EXEC_RUNTIME' } });
    });
  });

  describe('timers and exit', () => {
    it('runs timers in order, with arguments, and clears them', async () => {
      const source = `const seen = [];
        setTimeout((a, b) => seen.push(a + b), 20, 'late', '!');
        setTimeout(() => seen.push('early'), 0);
        clearTimeout(setTimeout(() => seen.push('cleared'), 5));
        await new Promise((resolve) => setTimeout(resolve, 40));
        return seen;`;
      expect(await value(source)).toEqual(['early', 'late!']);
    });

    it('does not stay alive for pending timers', async () => {
      const { result } = await run('setTimeout(() => text("never"), 60_000); return "done"');
      expect(result).toMatchObject({ status: 'completed', returnValue: 'done', output: [] });
      expect(result.stats.wallMs).toBeLessThan(30_000);
    });

    it('fails the program on an error thrown in a timer callback', async () => {
      const { result } = await run('setTimeout(() => { throw new RangeError("in timer") }, 0); await new Promise((r) => setTimeout(r, 20))');
      expect(result.error).toMatchObject({ code: 'EXEC_RUNTIME', message: 'Uncaught RangeError: in timer' });
    });

    it('caps pending timers with a RangeError', async () => {
      const limited = await transport.run({
        source: 'for (let i = 0; i < 3; i++) setTimeout(() => {}, 1000)',
        bindings: [],
        limits: { maxTimers: 2 },
        onToolBatch: () => [],
      });
      expect(limited.error).toMatchObject({ code: 'EXEC_RUNTIME', message: 'Uncaught RangeError: setTimeout: at most 2 timers may be pending at once' });
    });

    it('rejects a string callback', async () => {
      expect(await value('try { setTimeout("code", 1) } catch (error) { return error.message }')).toBe('setTimeout takes a function as its first argument');
    });

    it('exit() ends the program as completed with the output so far', async () => {
      const { result } = await run('text("kept"); await Promise.resolve(); exit(); text("dropped"); return "ignored"');
      expect(result).toMatchObject({ status: 'completed', output: [{ type: 'text', text: 'kept' }] });
      expect('returnValue' in result).toBe(false);
      const inLoop = await run('try { for (let i = 0; ; i++) if (i === 1000) exit(); } catch { text("caught") } finally { text("finally") }');
      expect(inLoop.result).toMatchObject({ status: 'completed', output: [] });
    });
  });

  describe('cells', () => {
    function cells(storedValues: SandboxCells['storedValues']) {
      const events: unknown[] = [];
      const hooks: SandboxCells = {
        storedValues,
        onStore: (key, stored) => events.push(['store', key, stored]),
        onNotify: (notified) => events.push(['notify', notified]),
        onYield: () => events.push(['yield']),
      };
      return { hooks, events };
    }

    it('loads from the snapshot, reads its own writes at once, and reports stores, notifies and yields', async () => {
      const { hooks, events } = cells({ count: 1, list: [1] });
      const { result } = await run(
        `const list = load('list'); list.push(2);
         store('count', load('count') + 1);
         notify({ progress: 0.5 });
         yield_control();
         return [load('count'), load('list'), list, load('missing') === undefined]`,
        { cells: hooks },
      );
      expect(result.returnValue).toEqual([2, [1], [1, 2], true]);
      expect(events).toEqual([['store', 'count', 2], ['notify', { progress: 0.5 }], ['yield']]);
    });

    it('keeps store keys whole', async () => {
      const { hooks, events } = cells({});
      await run('store("a\\u0000b", 1)', { cells: hooks });
      expect(events).toEqual([['store', 'a\u0000b', 1]]);
    });

    it('checks what is stored', async () => {
      const { hooks } = cells({});
      const { result } = await run('try { store("k", () => 1) } catch (error) { return error.message }', { cells: hooks });
      expect(result.returnValue).toBe('the value stored under "k" is not JSON data: the value is a function, which is not JSON data');
    });

    it('caps the bytes of stored values, counting the snapshot and reused keys once', async () => {
      const { hooks, events } = cells({ seed: 'x'.repeat(20) });
      const { result } = await run(
        `store('a', 'y'.repeat(10)); store('a', 'y'.repeat(12));
         try { store('b', 'z'.repeat(40)); return 'stored'; } catch (error) { return error.name + ': ' + error.message; }`,
        { cells: hooks, limits: { maxStoredBytes: 64 } },
      );
      expect(result.returnValue).toBe('RangeError: store("b"): stored values would take 84 bytes, over the limit of 64; store less or reuse keys');
      expect(events).toEqual([['store', 'a', 'y'.repeat(10)], ['store', 'a', 'y'.repeat(12)]]);
    });

    it('leaves the cells globals out when the host does not enable them', async () => {
      expect(await value("return ['store', 'load', 'yield_control', 'notify'].map((name) => typeof globalThis[name])")).toEqual([
        'undefined',
        'undefined',
        'undefined',
        'undefined',
      ]);
    });
  });

  describe('host mistakes', () => {
    it('turns a throwing onToolBatch and a throwing onOutput into guest-visible failures, not host crashes', async () => {
      const reported: string[] = [];
      const result = await transport.run({
        onCallbackError: (error, context) => reported.push(`${context.callback}: ${error instanceof Error ? error.message : String(error)}`),
        source: 'text("shown"); try { await tools.read_file({}) } catch (error) { return error.code + ": " + error.message }',
        bindings,
        onToolBatch: () => {
          throw new Error('registry unavailable');
        },
        onOutput: () => {
          throw new Error('listener bug');
        },
      });
      expect(result).toMatchObject({
        status: 'completed',
        returnValue: 'EXECUTION_FAILED: the host failed to start tools.read_file: registry unavailable',
        output: [{ type: 'text', text: 'shown' }],
      });
      // Reported, not swallowed (the same on both transports).
      expect(reported).toEqual(['onOutput: listener bug']);
    });
  });
});
