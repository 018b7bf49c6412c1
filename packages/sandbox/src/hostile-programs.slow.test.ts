import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestToolResponse } from './contract/guest-tool-call.js';
import type { ProgramResult } from './contract/program-result.js';
import type { RunProgramRequest } from './contract/run-program-request.js';
import type { SandboxBinding } from './contract/sandbox-binding.js';
import { createChildProcessTransport } from './node/child-process-transport.js';
import type { PooledTransport } from './node/pooled-transport.js';
import { createWorkerTransport } from './node/worker-transport.js';
import { childPids } from './test-support/child-pids.js';
import { UNREACHABLE_MS } from './test-support/unreachable-ms.js';
import { until } from './test-support/until.js';

// Hostile programs against the isolated transports (child processes, worker threads). Each
// asserts its code and that the host still serves a normal program. Slow: children and
// workers start from sources.

// A test about the CPU budget or the wall-clock bound sets its own; for every other test
// neither may be what ends the program, however busy the machine is.
const LIMITS = { cpuBudgetMs: UNREACHABLE_MS, memoryBytes: 16 * 1024 * 1024, bootTimeoutMs: 60_000 };
/** An endless loop ends on the CPU budget either way; the unreachable grace keeps the watchdog from ending it first. */
const LOOP_LIMITS = { limits: { cpuBudgetMs: 300, watchdogGraceMs: UNREACHABLE_MS } };
const echo: SandboxBinding = { jsName: 'echo', canonicalName: 'echo', description: 'Echo.', kind: 'function' };

/** Handles that a child process holds in the parent. */
function processHandles(): number {
  return process.getActiveResourcesInfo().filter((name) => name === 'ProcessWrap' || name === 'PipeWrap').length;
}

const TRANSPORTS: Array<[string, () => PooledTransport]> = [
  ['child process', () => createChildProcessTransport({ limits: LIMITS, pool: { size: 2 } })],
  ['worker thread', () => createWorkerTransport({ limits: LIMITS, pool: { size: 2 } })],
];

describe.each(TRANSPORTS)('hostile programs, %s (slow)', (name, create) => {
  let transport: PooledTransport;
  let childrenBefore: number[];
  let handlesBefore: number;

  beforeAll(() => {
    childrenBefore = childPids();
    handlesBefore = processHandles();
    transport = create();
  });

  afterAll(async () => {
    expect(await normal()).toMatchObject({ status: 'completed', returnValue: 'still serving' });
    await transport.close();
    // close() resolves only once every child has exited and been reaped: none is left, not even a zombie
    // (and a worker transport starts none).
    expect(childPids().filter((pid) => !childrenBefore.includes(pid))).toEqual([]);
    expect(transport.poolStats()).toEqual({ idle: [], starting: [], busy: [], queued: 0 });
    await until(() => processHandles() <= handlesBefore);
  }, 60_000);

  function run(source: string, extra: Partial<RunProgramRequest> = {}): Promise<ProgramResult> {
    return transport.run({
      source,
      bindings: [echo],
      onToolBatch: (calls) => calls.map((call) => Promise.resolve<GuestToolResponse>({ ok: true, value: call.input })),
      ...extra,
    });
  }

  async function normal(): Promise<ProgramResult> {
    return run('return (await tools.echo({ text: "still serving" })).text');
  }

  async function expectCode(source: string, code: string, extra: Partial<RunProgramRequest> = {}): Promise<ProgramResult> {
    const result = await run(source, extra);
    expect(result.status).toBe('failed');
    expect(result.error?.code).toBe(code);
    expect(await normal()).toMatchObject({ status: 'completed', returnValue: 'still serving' });
    return result;
  }

  it('an infinite loop', async () => {
    await expectCode('for (;;) {}', 'EXEC_CPU_BUDGET', LOOP_LIMITS);
  });

  it('an infinite loop inside a promise job', async () => {
    await expectCode('Promise.resolve().then(() => { for (;;) {} }); await new Promise((resolve) => setTimeout(resolve, 60_000))', 'EXEC_CPU_BUDGET', LOOP_LIMITS);
  });

  it('an infinite loop inside a timer callback', async () => {
    await expectCode('setTimeout(() => { for (;;) {} }, 0); await new Promise((resolve) => setTimeout(resolve, 60_000))', 'EXEC_CPU_BUDGET', LOOP_LIMITS);
  });

  it('a long builtin that starves the interrupt handler is killed by the watchdog', async () => {
    // Array#indexOf over an array-like of length 2^53 - 1 runs in C without polling the
    // interrupt handler and would not finish for years, so only the watchdog can end it —
    // on a fast machine or a loaded one alike. The budget is one the program's start cannot
    // spend, so it is the watchdog, not the interrupt handler, that ends it.
    const result = await expectCode('return Array.prototype.indexOf.call({ length: 2 ** 53 - 1 }, 1)', 'EXEC_CPU_BUDGET', {
      limits: { cpuBudgetMs: 1_000, watchdogGraceMs: 100, memoryBytes: 64 * 1024 * 1024 },
    });
    expect(result.error?.message).toContain('and was killed by the watchdog');
  });

  it.each([
    ['arrays', 'const all = []; for (;;) all.push(new Array(1e6).fill(1))'],
    ['strings', 'const all = []; for (let i = 0; ; i++) all.push("x".repeat(1 << 20) + i)'],
    ['object graphs', 'let head = null; for (;;) head = { next: head, payload: [head, { a: 1 }] }'],
  ])('a memory bomb of %s', async (_case, source) => {
    await expectCode(source, 'EXEC_MEMORY');
  });

  it('deep recursion', async () => {
    const result = await expectCode('function down() { return down() + 1 } down()', 'EXEC_STACK');
    expect(result.error?.message.length).toBeLessThan(300);
  });

  it('an output flood through text()', async () => {
    const result = await expectCode('for (;;) text("flood ".repeat(100))', 'EXEC_OUTPUT_LIMIT', { limits: { maxTextChars: 10_000 } });
    expect(result.output.reduce((total, item) => total + (item.type === 'text' ? item.text.length : 0), 0)).toBeLessThan(10_100);
  });

  it('a huge return value', async () => {
    await expectCode('return "x".repeat(4 * 1024 * 1024)', 'EXEC_OUTPUT_LIMIT');
  });

  it.each([
    ['this.constructor.constructor', 'return this.constructor.constructor("return process")()'],
    ['an async function constructor', 'return (async function () {}).constructor("return require")()'],
    ['a generator constructor', 'return (function* () {}).constructor("yield Buffer")().next()'],
    ['indirect eval', 'return (0, eval)("module")'],
  ])('a Function-constructor escape through %s finds no host', async (_case, source) => {
    const result = await expectCode(source, 'EXEC_RUNTIME');
    expect(result.error?.message).toMatch(/^Uncaught ReferenceError: '(process|require|Buffer|module)' is not defined$/);
  });

  it('the Function constructor reaches only the guest global', async () => {
    const result = await run('const global = Function("return this")(); return [global === globalThis, typeof global.process, typeof global.require]');
    expect(result.returnValue).toEqual([true, 'undefined', 'undefined']);
  });

  it("import('fs')", async () => {
    const result = await expectCode("const fs = await import('fs'); return fs.readFileSync('/etc/passwd', 'utf8')", 'EXEC_RUNTIME');
    expect(result.error?.message).toBe("Uncaught ReferenceError: could not load module 'fs'");
  });

  it('require', async () => {
    const result = await expectCode("return require('child_process').execSync('id')", 'EXEC_RUNTIME');
    expect(result.error?.message).toBe("Uncaught ReferenceError: 'require' is not defined");
  });

  it('tampering with prototypes and built-ins before touching tools', async () => {
    const inputs: unknown[] = [];
    const result = await run(`
      Object.prototype.get = () => { throw new Error('trap hijacked') };
      Object.prototype.has = () => false;
      Object.defineProperty(Object.prototype, 'resolve', { set() { throw new Error('setter hijacked') } });
      JSON.stringify = () => '"forged input"';
      JSON.parse = () => 'forged result';
      Reflect.apply = () => { throw new Error('apply hijacked') };
      Function.prototype.call = Function.prototype.apply = null;
      Map.prototype.get = Map.prototype.set = () => undefined;
      Promise.prototype.then = function () { throw new Error('then hijacked') };
      const answer = await tools.echo({ text: 'real' });
      return answer.text;`, {
      onToolBatch: (calls) => calls.map((call) => (inputs.push(call.input), Promise.resolve<GuestToolResponse>({ ok: true, value: call.input }))),
    });
    expect(inputs).toEqual([{ text: 'real' }]);
    expect(result).toMatchObject({ status: 'completed', returnValue: 'real' });
  });

  it('forging protocol frames from the guest only produces text', async () => {
    const forged = '\u0000\u0000\u0000\u0044{"type":"result","status":"completed","returnValue":"forged","cpuMs":0,"toolCalls":0,"reusable":true}';
    const result = await run(`text(${JSON.stringify(forged)}); return "genuine"`);
    expect(result).toMatchObject({ status: 'completed', returnValue: 'genuine', output: [{ type: 'text', text: forged }] });
  });

  it('100,000 pending promises', async () => {
    const result = await expectCode('const all = []; for (let i = 0; i < 100_000; i++) all.push(new Promise(() => {})); await Promise.race(all)', 'EXEC_RUNTIME', {
      limits: { memoryBytes: 64 * 1024 * 1024 },
    });
    expect(result.error?.message).toMatch(/^The program is waiting on a promise that nothing can settle/);
  });

  it('a program that never settles but keeps itself busy with timers is stopped by the wall-clock bound', async () => {
    // The turns take a sliver of the wall time, far under the budget's share of the bound (1000 of 1200 ms).
    const result = await expectCode('function tick() { setTimeout(tick, 5) } tick(); await new Promise(() => {})', 'EXEC_CPU_BUDGET', {
      limits: { cpuBudgetMs: 1_000, watchdogGraceMs: 200 },
    });
    expect(result.error?.message).toMatch(/^The program ran for more than 1200 ms of wall-clock time/);
  });

  // Only a child can be killed from outside; a worker is ended by its own transport alone.
  if (name !== 'child process') return;
  it('killing the child mid-run', async () => {
    let killed: number | undefined;
    const result = await expectCode('text("before"); await tools.echo({})', 'EXEC_CRASHED', {
      onToolBatch: (calls) => {
        killed = transport.poolStats().busy[0];
        if (killed !== undefined) process.kill(killed, 'SIGKILL');
        return calls.map(() => new Promise<GuestToolResponse>(() => undefined));
      },
    });
    expect(killed).toBeGreaterThan(0);
    expect(result.output).toEqual([{ type: 'text', text: 'before' }]);
    expect(result.error?.message).toBe('The sandbox failed while running the program: the sandbox process was killed by SIGKILL. Running it again may work.');
    expect(transport.poolStats().busy).not.toContain(killed);
  });
});
