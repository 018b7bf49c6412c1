import { describe, expect, it } from 'vitest';
import type { GuestToolCall, GuestToolResponse } from './contract/guest-tool-call.js';
import type { SandboxBinding } from './contract/sandbox-binding.js';
import { everyTransport } from './test-support/both-transports.js';

// Programs as models write them (issue 35): `console.*` prints, errors name the program's own
// line and column, and returned values that JSON cannot hold are converted by stated rules.
// The prelude is the same guest code on every transport; the child and worker halves are slow.

const bindings: SandboxBinding[] = [
  { jsName: 'read_file', canonicalName: 'read_file', description: 'Read a file.', kind: 'function' },
  { jsName: 'forbidden', canonicalName: 'forbidden', description: 'Always denied.', kind: 'function' },
];

function answer(call: GuestToolCall): GuestToolResponse {
  if (call.jsName === 'forbidden') return { ok: false, error: { code: 'DENIED', message: 'not allowed here', callId: `call-${call.id}` } };
  return { ok: true, value: 'content' };
}

describe.each(everyTransport())('programs as models write them, %s', (_name, transport) => {
  const run = (source: string, maxTextChars?: number) =>
    transport.run({
      source,
      bindings,
      onToolBatch: (calls) => calls.map((call) => Promise.resolve(answer(call))),
      ...(maxTextChars === undefined ? {} : { limits: { maxTextChars } }),
    });
  const printed = async (source: string) => {
    const result = await run(source);
    expect(result.error).toBeUndefined();
    return result.output.map((item) => (item.type === 'text' ? item.text : item.type));
  };

  describe('console', () => {
    it('prints one text item per call, from every method, formatting values as Node does on one line', async () => {
      const lines = await printed(`
        console.log('plain', 1, true, null, undefined, 10n, { a: [1, 'x', { b: { c: 1 } }], 'k-y': null, u: undefined });
        console.info(new Map([['a', 1]]), new Set([1, 2]), [], {}, new Date(0));
        console.warn(function named() {}, () => 1, Symbol('s'), new Error('boom'));
        class Point { constructor() { this.x = 1 } }
        console.error(new Point(), Object.create(null), new Uint8Array(2));
        console.debug("it's", ["it's", 'q"t']);
        const cycle = {}; cycle.self = cycle;
        console.log(cycle);
        console.log('%s is %d%% done, %j', 'job', 42, { a: 1 }, 'rest');
        console.log();
      `);
      expect(lines).toEqual([
        "plain 1 true null undefined 10n { a: [ 1, 'x', { b: [Object] } ], 'k-y': null, u: undefined }",
        "Map(1) { 'a' => 1 } Set(2) { 1, 2 } [] {} 1970-01-01T00:00:00.000Z",
        '[Function: named] [Function (anonymous)] Symbol(s) Error: boom',
        'Point { x: 1 } [Object: null prototype] {} Uint8Array(2) [ 0, 0 ]',
        `it's [ "it's", 'q"t' ]`,
        '{ self: [Circular] }',
        'job is 42% done, {"a":1} rest',
        '',
      ]);
    });

    it('keeps text() order and counts against the same text limit', async () => {
      expect(await printed('text("one"); console.log("two"); text("three")')).toEqual(['one', 'two', 'three']);
      const limited = await run('for (let i = 0; i < 100; i++) console.log("0123456789")', 50);
      expect(limited).toMatchObject({ status: 'failed', error: { code: 'EXEC_OUTPUT_LIMIT' } });
      expect(limited.output.map((item) => (item.type === 'text' ? item.text : '')).join('').length).toBeLessThanOrEqual(50);
    });

    it('prints a value whose getter throws as unprintable instead of failing the program', async () => {
      expect(await printed('console.log({ get bad() { throw new Error("no") } }); return 1')).toEqual(['[unprintable: no]']);
    });
  });

  describe('error positions', () => {
    it('gives a syntax error the line and column in the program, on the first line too', async () => {
      const second = await run('const x = 1;\nconst y = ;');
      expect(second.error).toMatchObject({ code: 'EXEC_SYNTAX', location: { line: 2, column: 11 } });
      expect(second.error?.message).toContain('(program.js:2:11)');
      const first = await run('const y = ;');
      expect(first.error).toMatchObject({ code: 'EXEC_SYNTAX', location: { line: 1, column: 11 } });
    });

    it("points a thrown error's frames at the program's own lines, without the wrapper's offset", async () => {
      const nested = await run('const x = 1;\nfunction f() { throw new Error("boom") }\nf()');
      expect(nested.error).toMatchObject({ code: 'EXEC_RUNTIME', message: 'Uncaught Error: boom', location: { line: 2, column: 31 } });
      expect(nested.error?.stack).toBe('    at f (program.js:2:31)\n    at <anonymous> (program.js:3:2)');
      const first = await run('throw new Error("first line")');
      expect(first.error).toMatchObject({ stack: '    at <anonymous> (program.js:1:16)', location: { line: 1, column: 16 } });
    });

    it('names the tool of a failed nested call and the line that awaited it', async () => {
      const result = await run('await tools.read_file({});\nconst denied = await tools.forbidden({});');
      expect(result.error).toMatchObject({
        code: 'EXEC_RUNTIME',
        message: 'Uncaught ToolError [DENIED] from tools.forbidden: not allowed here',
        location: { line: 2, column: 37 },
      });
      expect(await run('try { await tools.forbidden({}) } catch (error) { return error.tool }')).toMatchObject({ returnValue: 'forbidden' });
    });
  });

  describe('returned values', () => {
    it('converts what JSON cannot hold by the stated rules, at any depth', async () => {
      const result = await run(`return {
        byName: new Map([['a', 1], ['b', new Set([1, 2])]]),
        byNumber: new Map([[1, 'x']]),
        date: new Date(0),
        missing: undefined,
        list: [1, undefined],
        notANumber: NaN,
        negative: -Infinity,
        big: 12345678901234567890n,
        point: new (class Point { constructor() { this.x = 1 } })(),
        error: Object.assign(new TypeError('bad'), { code: 'E_BAD' }),
        bytes: new Uint8Array([1, 2]),
      }`);
      expect(result.error).toBeUndefined();
      expect(result.returnValue).toEqual({
        byName: { a: 1, b: [1, 2] },
        byNumber: [[1, 'x']],
        date: '1970-01-01T00:00:00.000Z',
        list: [1, null],
        notANumber: 'NaN',
        negative: '-Infinity',
        big: '12345678901234567890',
        point: { x: 1 },
        error: { name: 'TypeError', message: 'bad', code: 'E_BAD' },
        bytes: [1, 2],
      });
      expect(await run('return new Map([["a", 1]])')).toMatchObject({ status: 'completed', returnValue: { a: 1 } });
      expect(await run('return 10n')).toMatchObject({ status: 'completed', returnValue: '10' });
    });

    it('still refuses a function, a symbol or a cycle, naming where it is', async () => {
      const fn = await run('return { f() {} }');
      expect(fn.error).toMatchObject({ code: 'EXEC_RUNTIME', message: expect.stringContaining('the member "f" is a function') });
      const cycle = await run('const a = {}; a.a = new Map([["self", a]]); return a');
      expect(cycle.error).toMatchObject({ code: 'EXEC_RUNTIME', message: expect.stringContaining('circular') });
    });

    it('leaves tool arguments strict: a Map is not an argument', async () => {
      const result = await run('try { await tools.read_file({ m: new Map() }) } catch (error) { return error.code }');
      expect(result.returnValue).toBe('INVALID_ARGS');
    });
  });
});
