import { describe, expect, it } from 'vitest';
import type { GuestToolResponse } from './contract/guest-tool-call.js';
import type { SandboxLimits } from './contract/sandbox-limits.js';
import { bothTransports } from './test-support/both-transports.js';
import { echo } from './test-support/echo-binding.js';

// Realms are reset between programs by restoring a memory snapshot taken right after
// preparing them (issue 20). Whatever a program did, and however it ended, the next one
// starts in a realm no different from a freshly prepared one.

const transports = bothTransports();

/** What a program can observe of its realm: the own keys of the global object and the built-ins, and the source of each function. */
const FINGERPRINT = `
const show = (value) => typeof value === 'function' ? Function.prototype.toString.call(value) : typeof value;
const targets = { globalThis, Object, 'Object.prototype': Object.prototype, 'Array.prototype': Array.prototype,
  'Function.prototype': Function.prototype, 'Promise.prototype': Promise.prototype, 'String.prototype': String.prototype,
  JSON, Math, Reflect, Promise };
const seen = {};
for (const [name, target] of Object.entries(targets)) {
  seen[name] = Reflect.ownKeys(target).map((key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
    return String(key) + ':' + ('value' in descriptor ? show(descriptor.value) : 'accessor') + (descriptor.writable === false ? ':ro' : '');
  }).sort();
}
seen.tools = Object.keys(tools);
seen.frozen = [Object.isFrozen(Object.prototype), Object.isExtensible(globalThis)];
return seen;`;

const POLLUTE = `
globalThis.leaked = 'secret';
const secret = 'closure';
globalThis.keep = () => secret;
Object.prototype.polluted = 1;
Array.prototype.map = function () { return 'hijacked'; };
Object.defineProperty(String.prototype, 'length2', { get() { return secret; } });
JSON.stringify = () => 'hijacked';
Math.random = () => 4;
Promise.prototype.then = function () { return 'hijacked'; };
delete Reflect.ownKeys;
setTimeout(() => { globalThis.late = 1; }, 60_000);
new Promise(() => {});
Object.freeze(Object.prototype);
Object.preventExtensions(globalThis);`;

describe.each(transports)('a realm after a program, %s (slow)', (_name, transport) => {
  const run = (source: string, limits: Partial<SandboxLimits> = {}) =>
    transport.run({
      source,
      bindings: [echo],
      limits,
      onToolBatch: (calls) => calls.map((call) => Promise.resolve<GuestToolResponse>({ ok: true, value: call.input })),
    });
  const fingerprint = async () => {
    const result = await run(FINGERPRINT);
    expect(result.error).toBeUndefined();
    return result.returnValue;
  };

  it('is pristine after a program that pollutes globals, prototypes and built-ins, keeps closures and leaves a timer and a promise pending', async () => {
    const pristine = await fingerprint();
    expect(pristine).toMatchObject({ tools: ['echo'], frozen: [false, true] });
    expect(await run(`${POLLUTE}\nreturn 1`)).toMatchObject({ status: 'completed', returnValue: 1 });
    expect(await fingerprint()).toEqual(pristine);
    const probe = await run('return [typeof leaked, typeof keep, ({}).polluted ?? null, [1].map((x) => x), typeof late]');
    expect(probe.returnValue).toEqual(['undefined', 'undefined', null, [1], 'undefined']);
  });

  it.each([
    ['a runtime error', 'throw new Error("after polluting")', {}, 'EXEC_RUNTIME'],
    ['a CPU kill', 'for (;;) {}', { cpuBudgetMs: 200 }, 'EXEC_CPU_BUDGET'],
    ['a memory kill', 'const all = []; for (;;) all.push(new Array(1e5).fill(0))', {}, 'EXEC_MEMORY'],
    ['a stack kill', 'function f() { f(); } f()', {}, 'EXEC_STACK'],
  ] as const)('is pristine after a program that pollutes it and ends in %s', async (_case, ending, limits, code) => {
    const pristine = await fingerprint();
    expect((await run(`${POLLUTE}\n${ending}`, limits)).error?.code).toBe(code);
    expect(await fingerprint()).toEqual(pristine);
  });

  it('gives every program its own Math.random sequence', async () => {
    const draws = async () => (await run('return Array.from({ length: 4 }, () => Math.random())')).returnValue as number[];
    const [first, second] = [await draws(), await draws()];
    expect(first).not.toEqual(second);
    for (const value of [...first, ...second]) expect(value >= 0 && value < 1).toBe(true);
  });

  it('enforces the memory limit after resets: allocations do not add up across programs, and one program over the limit still ends EXEC_MEMORY', async () => {
    const limits = { memoryBytes: 16 * 1024 * 1024 };
    // Each takes about half the limit; twenty of them would be far over it if the accounting carried over.
    const half = 'const all = []; for (let i = 0; i < 120; i++) all.push("x".repeat(65_536) + i); return all.length';
    for (let round = 0; round < 20; round += 1) expect((await run(half, limits)).returnValue).toBe(120);
    expect((await run(half.replace('120', '1000'), limits)).error?.code).toBe('EXEC_MEMORY');
    expect((await run(half, limits)).returnValue).toBe(120);
  });
});
