import { ToolcellError } from '@toolcell/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestToolResponse } from '../contract/guest-tool-call.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { DEFAULT_SANDBOX_LIMITS } from '../contract/sandbox-limits.js';
import { TEXT_CUT_MARKER } from '../shared/output-budget.js';
import { UNREACHABLE_MS } from '../test-support/unreachable-ms.js';
import { createInProcessTransport } from './in-process-transport.js';

// Every limit, its code and its message, on the in-process transport (the child-process
// transport runs the same engine; hostile-programs.slow.test.ts covers it there).

const transport = createInProcessTransport({ limits: { cpuBudgetMs: 2_000, memoryBytes: 8 * 1024 * 1024, watchdogGraceMs: 500 } });
afterAll(() => transport.close());

const echo: SandboxBinding = { jsName: 'echo', canonicalName: 'echo', description: 'Echo.', kind: 'function' };
const answers = (delayMs = 0): RunProgramRequest['onToolBatch'] => (calls) =>
  calls.map((call) => new Promise<GuestToolResponse>((resolve) => setTimeout(() => resolve({ ok: true, value: call.input }), delayMs)));

function run(source: string, extra: Partial<RunProgramRequest> = {}) {
  // A test about the CPU budget sets one; for every other test it must never be the limit
  // that trips, however busy the machine is.
  return transport.run({ source, bindings: [echo], onToolBatch: answers(), ...extra, limits: { cpuBudgetMs: UNREACHABLE_MS, ...extra.limits } });
}

describe('CPU budget (EXEC_CPU_BUDGET)', () => {
  // An endless loop ends on the budget however fast the machine is; the unreachable grace
  // keeps the wall-clock bound (same code, another message) from ending it first.
  it.each([
    ['a loop', 'for (;;) {}'],
    ['a loop in a promise job', 'await Promise.resolve(); for (;;) {}'],
    ['a loop in a timer callback', 'setTimeout(() => { for (;;) {} }, 0); await new Promise((resolve) => setTimeout(resolve, 60_000))'],
    ['a loop after a tool call', 'await tools.echo({}); for (;;) {}'],
  ])('stops %s', async (_case, source) => {
    const result = await run(source, { limits: { cpuBudgetMs: 150, watchdogGraceMs: UNREACHABLE_MS } });
    expect(result.error).toEqual({
      code: 'EXEC_CPU_BUDGET',
      message:
        'The program used more than its 150 ms of CPU time and was stopped. Look for an infinite loop, or do less work in one program (time spent waiting on tools does not count).',
    });
    expect(result.stats.cpuMs).toBeGreaterThanOrEqual(150);
  });
});

/**
 * What counts toward the budgets, on a controlled clock: `performance.now()` (what the CPU
 * clock and the wall-clock bound read) and the host's timers are fake, so the guest's own
 * work takes no time at all and a test moves time exactly where it means to: inside a host
 * callback, or while a tool call is in flight. How fast the machine is changes no outcome.
 */
describe('what counts toward the budgets (EXEC_CPU_BUDGET), on a controlled clock', () => {
  const clocked = createInProcessTransport({ prewarm: false });
  // Create its interpreter on the real clock, so every run below only takes it.
  beforeAll(() => clocked.run({ source: 'return 1', bindings: [], onToolBatch: () => [] }));
  afterAll(() => clocked.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const runClocked = (source: string, extra: Partial<RunProgramRequest> = {}) =>
    clocked.run({ source, bindings: [echo], onToolBatch: (calls) => calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: 1 })), ...extra });

  /** Host work inside a guest-called function that takes `milliseconds` of the clock. */
  const spend = (milliseconds: number): void => {
    vi.advanceTimersByTime(milliseconds);
  };

  /** A tool the test answers: `asked` settles once the batch reached the host (the turn is over). */
  function heldTool() {
    let asked!: () => void;
    let release!: () => void;
    const answer = new Promise<GuestToolResponse>((resolve) => (release = () => resolve({ ok: true, value: null })));
    const onToolBatch: RunProgramRequest['onToolBatch'] = (calls) => (asked(), calls.map(() => answer));
    return { asked: new Promise<void>((resolve) => (asked = resolve)), release, onToolBatch };
  }

  it('does not count time spent waiting on tools', async () => {
    const tool = heldTool();
    const running = runClocked('await tools.echo({}); return "done"', { limits: { cpuBudgetMs: 50, watchdogGraceMs: 0 }, onToolBatch: tool.onToolBatch });
    await tool.asked;
    await vi.advanceTimersByTimeAsync(300);
    tool.release();
    const result = await running;
    expect(result).toMatchObject({ status: 'completed', returnValue: 'done' });
    expect(result.stats).toMatchObject({ cpuMs: 0, wallMs: 300 });
  });

  // The program goes on after the slow call, so the next interrupt poll sees the spent budget.
  it.each([
    ['notify', 'notify(1); for (let i = 0; i < 1e5; i++) {} return "done"'],
    ['store', 'store("k", 1); for (let i = 0; i < 1e5; i++) {} return "done"'],
  ])('counts time inside %s against the CPU budget', async (_case, source) => {
    const quick = { storedValues: {}, onStore: () => undefined, onNotify: () => undefined, onYield: () => undefined };
    expect((await runClocked(source, { limits: { cpuBudgetMs: 100 }, cells: quick })).returnValue).toBe('done');
    const cells = { ...quick, onStore: () => spend(300), onNotify: () => spend(300) };
    const result = await runClocked(source, { limits: { cpuBudgetMs: 100 }, cells });
    expect(result.error?.code).toBe('EXEC_CPU_BUDGET');
    expect(result.stats.cpuMs).toBe(300);
  });

  it('counts handing a tool batch to the host against the CPU budget', async () => {
    expect((await runClocked('await tools.echo({}); return "done"', { limits: { cpuBudgetMs: 100 } })).returnValue).toBe('done');
    const result = await runClocked('await tools.echo({}); return "done"', {
      limits: { cpuBudgetMs: 100 },
      onToolBatch: (calls) => (spend(300), calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: 1 }))),
    });
    expect(result.error?.code).toBe('EXEC_CPU_BUDGET');
    expect(result.stats.cpuMs).toBe(300);
  });

  it('stops a program that waits on a timer past budget + grace (wall-clock bound)', async () => {
    let waiting!: () => void;
    const firstTurnOver = new Promise<void>((resolve) => (waiting = resolve));
    const running = runClocked('text("waiting"); await new Promise((resolve) => setTimeout(resolve, 60_000))', {
      limits: { cpuBudgetMs: 100, watchdogGraceMs: 100 },
      onOutput: () => waiting(),
    });
    await firstTurnOver;
    await vi.advanceTimersByTimeAsync(200);
    const result = await running;
    expect(result.error).toEqual({
      code: 'EXEC_CPU_BUDGET',
      message:
        'The program ran for more than 200 ms of wall-clock time (CPU budget 100 ms + 100 ms grace; time waiting on tools does not count) and was stopped. Avoid long timers, busy waiting and very long single operations.',
    });
    expect(result.stats).toMatchObject({ cpuMs: 0, wallMs: 200 });
  });

  it('pauses the wall-clock bound while tool calls are in flight', async () => {
    const tool = heldTool();
    const running = runClocked('await tools.echo({}); return "done"', { limits: { cpuBudgetMs: 50, watchdogGraceMs: 50 }, onToolBatch: tool.onToolBatch });
    await tool.asked;
    // The bound's timer fires at 100 ms and finds no running time spent.
    await vi.advanceTimersByTimeAsync(400);
    tool.release();
    expect(await running).toMatchObject({ status: 'completed', returnValue: 'done' });
  });
});

describe('memory (EXEC_MEMORY)', () => {
  const message = 'The program ran out of memory (limit 8 MiB). Work on smaller pieces of data and keep fewer values alive at once.';
  it.each([
    ['arrays', 'const all = []; for (;;) all.push(new Array(1e6).fill(1))'],
    ['strings', 'const all = []; for (let i = 0; ; i++) all.push("x".repeat(1 << 20) + i)'],
    ['an object graph', 'const all = []; for (;;) all.push({ a: [1, 2, 3], b: { c: "d" } })'],
    ['caught and rethrown', 'try { const all = []; for (;;) all.push(new Array(1e5).fill(0)) } catch (error) { throw error }'],
  ])('stops a bomb of %s', async (_case, source) => {
    const result = await run(source);
    expect(result.error).toEqual({ code: 'EXEC_MEMORY', message });
  });

  it('serves the next program after a bomb', async () => {
    await run('const all = []; for (;;) all.push(new Array(1e6).fill(1))');
    expect((await run('return [1, 2].length')).returnValue).toBe(2);
  });
});

describe('stack (EXEC_STACK)', () => {
  it('stops deep recursion with a short message', async () => {
    const result = await run('function down(n) { return down(n + 1) + 1 } down(0)');
    expect(result.error).toEqual({
      code: 'EXEC_STACK',
      message:
        'The program overflowed its stack (limit 256 KiB), most likely through deep or endless recursion. Use a loop or an explicit stack instead.',
    });
  });

  it('refuses a guest stack larger than the host stack can hold', async () => {
    const attempt = run('return 1', { limits: { stackBytes: 512 * 1024 } });
    await expect(attempt).rejects.toThrow(
      'limits.stackBytes: at most 262144 in process (the interpreter shares the host\'s V8 stack); use the child-process transport for a larger stack',
    );
    await attempt.catch((error: unknown) => expect(ToolcellError.isInstance(error) && error.code).toBe('INVALID_CONFIGURATION'));
    expect(() => createInProcessTransport({ limits: { stackBytes: 1024 * 1024 } })).toThrow(/^limits\.stackBytes: at most 262144 in process/);
  });
});

describe('resolveLimits: what a run with these limits gets', () => {
  it("layers the defaults, the transport's limits and the given ones, under the in-process rules", () => {
    expect(transport.resolveLimits()).toEqual({ ...DEFAULT_SANDBOX_LIMITS, cpuBudgetMs: 2_000, memoryBytes: 8 * 1024 * 1024, watchdogGraceMs: 500 });
    expect(transport.resolveLimits({ cpuBudgetMs: 150, maxTextChars: 10 })).toMatchObject({ cpuBudgetMs: 150, maxTextChars: 10, memoryBytes: 8 * 1024 * 1024 });
    expect(() => transport.resolveLimits({ stackBytes: 512 * 1024 })).toThrow(/^limits\.stackBytes: at most 262144 in process/);
    expect(() => transport.resolveLimits({ maxMediaItems: -1 })).toThrow('limits.maxMediaItems: must be an integer from 0 to 100000, got -1');
  });
});

describe('source size (EXEC_SOURCE_LIMIT)', () => {
  it('refuses a program over the limit without running it', async () => {
    const result = await run(`text("ran"); // ${'é'.repeat(60)}`, { limits: { sourceBytes: 100 } });
    expect(result).toMatchObject({ status: 'failed', output: [] });
    expect(result.error).toEqual({
      code: 'EXEC_SOURCE_LIMIT',
      message: 'The program is 136 bytes, over the limit of 100 bytes. Send a shorter program, or split the work across several programs.',
    });
  });
});

describe('output (EXEC_OUTPUT_LIMIT)', () => {
  it('cuts text at the limit, keeps it, and stops the program', async () => {
    const piece = '0123456789'.repeat(5);
    const result = await run(`for (let i = 0; ; i++) text(${JSON.stringify(piece)})`, { limits: { maxTextChars: 140 } });
    expect(result.output).toEqual([
      { type: 'text', text: piece },
      { type: 'text', text: piece },
      { type: 'text', text: `${piece.slice(0, 38 - TEXT_CUT_MARKER.length)}${TEXT_CUT_MARKER}` },
    ]);
    // The marker and the newlines that join the items count: the text kept, one item per line, is exactly the limit.
    expect(result.output.map((item) => (item.type === 'text' ? item.text : '')).join('\n')).toHaveLength(140);
    expect(result.error).toEqual({
      code: 'EXEC_OUTPUT_LIMIT',
      message:
        'The program produced more than 140 characters of text; the output was cut there and the program stopped. Print less: summarize, or print only what is needed.',
    });
  });

  it('stops a program that catches the limit error and keeps printing', async () => {
    const result = await run('for (;;) { try { text("x".repeat(100)) } catch {} }', { limits: { maxTextChars: 150 } });
    expect(result.error?.code).toBe('EXEC_OUTPUT_LIMIT');
    expect(result.output).toHaveLength(2);
  });

  it.each([
    ['items', { maxMediaItems: 2 }, 2, 'at most 2 items and 10 MiB in all'],
    ['bytes', { maxMediaBytes: 5 }, 1, 'at most 16 items and 5 bytes in all'],
  ])('stops media over the %s limit', async (_case, limits, kept, allowed) => {
    const result = await run('for (;;) image({ mimeType: "image/png", data: "AAAA" })', { limits });
    expect(result.output).toHaveLength(kept);
    expect(result.error).toEqual({
      code: 'EXEC_OUTPUT_LIMIT',
      message: `The program produced more media than allowed (${allowed}); the program stopped. Produce fewer or smaller images and audio clips.`,
    });
  });

  it('refuses a return value over maxResultBytes', async () => {
    const result = await run('return "x".repeat(100)', { limits: { maxResultBytes: 64 } });
    expect(result.error).toEqual({
      code: 'EXEC_OUTPUT_LIMIT',
      message: "The program's return value is 102 bytes of JSON, over the limit of 64 bytes. Return less: a summary, a slice, or only the fields that are needed.",
    });
  });
});

describe('message size (maxMessageBytes)', () => {
  const limits = { maxMessageBytes: 1024 };
  it('rejects a tool input over the limit with INVALID_ARGS', async () => {
    const result = await run('try { await tools.echo({ text: "x".repeat(2000) }) } catch (error) { return [error.code, error.message] }', { limits });
    expect(result.returnValue).toEqual(['INVALID_ARGS', 'the input of tools.echo is 2011 bytes of JSON, over the limit of 1024 bytes']);
  });

  it('rejects a tool result over the limit with EXEC_OUTPUT_LIMIT', async () => {
    const result = await run('try { await tools.echo({}) } catch (error) { return [error.code, error.message] }', {
      limits,
      onToolBatch: (calls) => calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: 'y'.repeat(5000) })),
    });
    expect(result.returnValue).toEqual(['EXEC_OUTPUT_LIMIT', "the result of tools.echo could not be passed to the program: it is over the sandbox's limit of 1024 bytes of JSON for one message"]);
  });

  it('refuses to store or notify a value over the limit', async () => {
    const cells = { storedValues: {}, onStore: () => undefined, onNotify: () => undefined, onYield: () => undefined };
    const result = await run(
      'const big = "z".repeat(2000); const errors = []; for (const action of [() => store("k", big), () => notify(big)]) { try { action() } catch (error) { errors.push(error.name + ": " + error.message) } } return errors',
      { limits, cells },
    );
    expect(result.returnValue).toEqual([
      'RangeError: the value stored under "k" is 2002 bytes of JSON, over the limit of 1024 bytes',
      'RangeError: the notified value is 2002 bytes of JSON, over the limit of 1024 bytes',
    ]);
  });
});

describe('an uncaught error (EXEC_RUNTIME)', () => {
  it('keeps the message and bounds the stack to 20 frames', async () => {
    const result = await run('function down(n) { if (n === 0) throw new Error("deep"); return down(n - 1) + 1 } down(100)');
    expect(result.error?.code).toBe('EXEC_RUNTIME');
    expect(result.error?.message).toBe('Uncaught Error: deep');
    const lines = result.error?.stack?.split('\n') ?? [];
    expect(lines).toHaveLength(21);
    expect(lines[0]).toContain('at down (program.js:1');
    expect(lines[20]).toMatch(/^ {4}… \d+ more frames$/);
  });
});

describe('host mistakes', () => {
  it('rejects cells whose snapshot is not JSON data, before running anything', async () => {
    const cells = { storedValues: { big: 1n } as never, onStore: () => undefined, onNotify: () => undefined, onYield: () => undefined };
    await expect(run('text("ran")', { cells })).rejects.toThrow('cells.storedValues: must be a plain object of JSON data (the member at /big is a bigint, which is not JSON data)');
  });
});

describe('a program that can never settle', () => {
  it('fails at once with EXEC_RUNTIME', async () => {
    const result = await run('await new Promise(() => {})');
    expect(result.error).toEqual({
      code: 'EXEC_RUNTIME',
      message:
        'The program is waiting on a promise that nothing can settle (no tool call, timer or job is pending), so it would never finish. Make sure every promise you await is resolved.',
    });
  });
});

describe('cancellation (EXEC_CANCELLED)', () => {
  const cancelled = { code: 'EXEC_CANCELLED', message: 'The program was cancelled before it finished.' };

  it('does not start a program whose signal is already aborted', async () => {
    const result = await run('text("ran")', { signal: AbortSignal.abort() });
    expect(result).toMatchObject({ status: 'failed', output: [], error: cancelled });
  });

  it('ends a program waiting on a tool, keeping its output', async () => {
    const controller = new AbortController();
    const result = await run('text("before"); await tools.echo({})', {
      signal: controller.signal,
      onToolBatch: (calls) => {
        setTimeout(() => controller.abort(), 10);
        return calls.map(() => new Promise<GuestToolResponse>(() => undefined));
      },
    });
    expect(result).toMatchObject({ status: 'failed', output: [{ type: 'text', text: 'before' }], error: cancelled });
  });

  it('ends a running loop when the host aborts from a callback', async () => {
    const controller = new AbortController();
    const result = await run('for (let i = 0; ; i++) if (i % 100000 === 0) text(String(i))', {
      signal: controller.signal,
      onOutput: (item) => item.type === 'text' && item.text === '200000' && controller.abort(),
    });
    expect(result.error).toEqual(cancelled);
    expect(result.output).toHaveLength(3);
  });

  it('cancels running programs on close, and fails later ones', async () => {
    const closing = createInProcessTransport({ prewarm: false });
    let asked!: () => void;
    const waiting = new Promise<void>((resolve) => (asked = resolve));
    const running = closing.run({
      source: 'await tools.echo({})',
      bindings: [echo],
      onToolBatch: (calls) => (asked(), calls.map(() => new Promise<GuestToolResponse>(() => undefined))),
    });
    await waiting;
    await closing.close();
    expect((await running).error).toEqual(cancelled);
    expect((await closing.run({ source: 'return 1', bindings: [], onToolBatch: () => [] })).error).toEqual({
      code: 'EXEC_CANCELLED',
      message: 'The sandbox was closed, so the program did not run to its end.',
    });
  });
});

describe('during a long synchronous stretch', () => {
  // The program runs on the host's thread: its callbacks are called in the middle of the
  // stretch, and nothing the host schedules runs before the stretch ends.
  it('calls the output and yield callbacks at once, while what the host schedules from them waits', async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    let microtaskRan = false;
    const result = await run("text('before'); yield_control(); text('after'); for (;;) {}", {
      signal: controller.signal,
      onOutput: (item) => {
        seen.push(`${item.type === 'text' ? item.text : item.type} (host microtask ran: ${microtaskRan})`);
        if (item.type === 'text' && item.text === 'after') controller.abort();
      },
      cells: {
        storedValues: {},
        onStore: () => undefined,
        onNotify: () => undefined,
        onYield: () => {
          seen.push('yield');
          queueMicrotask(() => (microtaskRan = true));
        },
      },
    });
    expect(seen).toEqual(['before (host microtask ran: false)', 'yield', 'after (host microtask ran: false)']);
    expect(result).toMatchObject({ status: 'failed', error: { code: 'EXEC_CANCELLED' } });
  });
});

describe('isolation', () => {
  it('gives every program fresh globals', async () => {
    await run('globalThis.leaked = 1; Object.prototype.polluted = true; Array.prototype.push = null');
    expect((await run('return [typeof leaked, ({}).polluted === undefined, typeof [].push]')).returnValue).toEqual(["undefined", true, "function"]);
  });

  it('runs concurrent programs side by side', async () => {
    const results = await Promise.all([1, 2, 3].map((n) => run(`await tools.echo({}); return ${n}`, { onToolBatch: answers(20) })));
    expect(results.map((result) => result.returnValue)).toEqual([1, 2, 3]);
  });
});
