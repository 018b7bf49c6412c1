import { ToolcellError } from '@toolcell/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { GuestToolResponse } from '../contract/guest-tool-call.js';
import type { ProgramResult } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { childPids } from '../test-support/child-pids.js';
import { UNREACHABLE_MS } from '../test-support/unreachable-ms.js';
import { until } from '../test-support/until.js';
import { createChildProcessTransport } from './child-process-transport.js';
import type { ChildProcessTransport, ChildProcessTransportOptions } from './child-process-transport.js';
import type { PooledTransport, PooledTransportOptions } from './pooled-transport.js';
import { createWorkerTransport } from './worker-transport.js';

// The child-process transport's own behaviour: the pool, process replacement, the V8
// stack, the boot bound, cancellation and close; the stack, boot bound and close also on
// the worker transport, which shares the pool. Slow: children start from sources.

// A test about the CPU budget or the watchdog sets its own; for the others neither may end a program.
const LIMITS = { cpuBudgetMs: UNREACHABLE_MS, memoryBytes: 16 * 1024 * 1024, bootTimeoutMs: 60_000 };
const probe: SandboxBinding = { jsName: 'probe', canonicalName: 'probe', description: 'Report.', kind: 'function' };
const opened: ChildProcessTransport[] = [];
afterAll(async () => {
  await Promise.all(opened.map((transport) => transport.close()));
});

/** The pooled transports, by what their peer is called in messages. */
const POOLED: Array<[string, (options: PooledTransportOptions) => PooledTransport]> = [
  ['process', createChildProcessTransport],
  ['worker', createWorkerTransport],
];

function open(options: ChildProcessTransportOptions = {}, create: (options: PooledTransportOptions) => PooledTransport = createChildProcessTransport): ChildProcessTransport {
  const transport = create({ limits: { ...LIMITS, ...options.limits }, ...(options.pool ? { pool: options.pool } : {}) });
  opened.push(transport);
  return transport;
}

/** Run a program that calls `probe` once; returns the pid that ran it. */
async function pidOf(transport: ChildProcessTransport, source = 'await tools.probe({})', extra: Partial<RunProgramRequest> = {}) {
  let pid: number | undefined;
  const result = await transport.run({
    source,
    bindings: [probe],
    onToolBatch: (calls) => {
      pid = transport.poolStats().busy[0];
      return calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: null }));
    },
    ...extra,
  });
  return { pid, result };
}

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('child-process transport (slow)', () => {
  it('reuses a sound process, and replaces one whose program hit a limit', async () => {
    const transport = open({ pool: { size: 1 } });
    const first = await pidOf(transport, 'await tools.probe({}); globalThis.leaked = 1; Object.prototype.polluted = 1');
    const clean = await pidOf(transport, 'await tools.probe({}); return [typeof leaked, "polluted" in {}]');
    expect(clean).toMatchObject({ pid: first.pid, result: { returnValue: ['undefined', false] } });
    const afterError = await pidOf(transport, 'await tools.probe({}); throw new Error("plain failure")');
    expect(afterError.result.error?.code).toBe('EXEC_RUNTIME');
    expect(afterError.pid).toBe(first.pid);
    const limited = await transport.run({ source: 'for (;;) {}', bindings: [], limits: { cpuBudgetMs: 100 }, onToolBatch: () => [] });
    expect(limited.error?.code).toBe('EXEC_CPU_BUDGET');
    await until(() => !alive(first.pid));
    const replaced = await pidOf(transport);
    expect(replaced.pid).not.toBe(first.pid);
    expect(replaced.result.status).toBe('completed');
  });

  it('retires a process after maxProgramsPerProcess programs', async () => {
    const transport = open({ pool: { size: 1, maxProgramsPerProcess: 2 } });
    const pids = [];
    for (let index = 0; index < 3; index += 1) pids.push((await pidOf(transport)).pid);
    expect(pids[1]).toBe(pids[0]);
    expect(pids[2]).not.toBe(pids[0]);
  });

  it('stops idle processes after idleTimeoutMs and starts cold afterwards', async () => {
    const transport = open({ pool: { size: 1, idleTimeoutMs: 300 } });
    await until(() => transport.poolStats().idle.length === 1);
    const [pid] = transport.poolStats().idle;
    await until(() => transport.poolStats().idle.length === 0 && !alive(pid));
    expect(transport.poolStats()).toEqual({ idle: [], starting: [], busy: [], queued: 0 });
    expect((await pidOf(transport)).result.status).toBe('completed');
  });

  it('with size 0, starts a fresh process for every program and keeps none', async () => {
    const transport = open({ pool: { size: 0 } });
    const first = await pidOf(transport);
    const second = await pidOf(transport);
    expect(first.pid).not.toBe(second.pid);
    await until(() => !alive(first.pid) && !alive(second.pid));
    expect(transport.poolStats()).toEqual({ idle: [], starting: [], busy: [], queued: 0 });
  });

  it('runs concurrent programs in separate processes', async () => {
    const transport = open({ pool: { size: 3 } });
    let arrived = 0;
    let release: () => void = () => undefined;
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    let busyTogether: readonly number[] = [];
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        transport.run({
          source: 'return await tools.probe({})',
          bindings: [probe],
          onToolBatch: (calls) => {
            arrived += 1;
            if (arrived === 3) {
              busyTogether = transport.poolStats().busy;
              release();
            }
            return calls.map(() => allArrived.then((): GuestToolResponse => ({ ok: true, value: 'done' })));
          },
        }),
      ),
    );
    expect(results.map((result) => result.returnValue)).toEqual(['done', 'done', 'done']);
    expect(new Set(busyTogether).size).toBe(3);
  });

  it.each(POOLED)('raises the %s V8 stack with stackBytes: deeper recursion works, endless recursion is EXEC_STACK', async (_noun, create) => {
    const transport = open({ pool: { size: 0 } }, create);
    const deep = 'function down(n) { return n === 0 ? 0 : down(n - 1) + 1 } return down(3000)';
    const small = await transport.run({ source: deep, bindings: [], onToolBatch: () => [] });
    expect(small.error?.code).toBe('EXEC_STACK');
    const large = await transport.run({ source: deep, bindings: [], limits: { stackBytes: 1024 * 1024 }, onToolBatch: () => [] });
    expect(large).toMatchObject({ status: 'completed', returnValue: 3000 });
    const endless = await transport.run({ source: 'function down() { return down() + 1 } down()', bindings: [], limits: { stackBytes: 1024 * 1024 }, onToolBatch: () => [] });
    expect(endless.error).toMatchObject({ code: 'EXEC_STACK', message: expect.stringContaining('(limit 1 MiB)') });
  });

  it('pauses the watchdog while tool calls are in flight', async () => {
    // The answer comes later than the whole bound (2000 ms + 0 ms grace in the child, + 500 ms
    // margin in the parent), so an unpaused watchdog ends the run first; the budget is far
    // over what the program's start takes on a busy machine.
    const transport = open({ pool: { size: 1 }, limits: { cpuBudgetMs: 2_000, watchdogGraceMs: 0 } });
    const result = await transport.run({
      source: 'return await tools.probe({})',
      bindings: [probe],
      onToolBatch: (calls) => calls.map(() => new Promise<GuestToolResponse>((resolve) => setTimeout(() => resolve({ ok: true, value: 'slow' }), 3_000))),
    });
    expect(result).toMatchObject({ status: 'completed', returnValue: 'slow' });
  });

  it.each(POOLED)('fails a %s that does not start within bootTimeoutMs', async (noun, create) => {
    const transport = open({ pool: { size: 0 }, limits: { bootTimeoutMs: 1 } }, create);
    const result = await transport.run({ source: 'return 1', bindings: [], onToolBatch: () => [] });
    expect(result.error).toEqual({
      code: 'EXEC_CRASHED',
      message: `The sandbox failed while running the program: the sandbox ${noun} did not start within 1 ms. Running it again may work.`,
    });
  });

  it('kills the process of a cancelled program', async () => {
    const transport = open({ pool: { size: 1 } });
    const controller = new AbortController();
    const { pid, result } = await pidOf(transport, 'text("started"); await tools.probe({}); for (;;) {}', {
      signal: controller.signal,
      onToolBatch: (calls) => {
        setTimeout(() => controller.abort(), 20);
        return calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: null }));
      },
    });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'EXEC_CANCELLED' }, output: [{ type: 'text', text: 'started' }] });
    await until(() => !alive(pid));
    const early = await transport.run({ source: 'return 1', bindings: [], signal: AbortSignal.abort(), onToolBatch: () => [] });
    expect(early.error?.code).toBe('EXEC_CANCELLED');
  });

  it.each(POOLED)('ends running programs on close, ends every %s, and fails later runs', async (noun, create) => {
    const transport = open({ pool: { size: 1 } }, create);
    let running: Promise<ProgramResult> | undefined;
    const started = new Promise<void>((resolve) => {
      running = transport.run({
        source: 'await tools.probe({})',
        bindings: [probe],
        onToolBatch: (calls) => (resolve(), calls.map(() => new Promise<GuestToolResponse>(() => undefined))),
      });
    });
    await started;
    const pids = [...transport.poolStats().busy, ...transport.poolStats().idle, ...transport.poolStats().starting];
    await transport.close();
    expect(transport.poolStats()).toEqual({ idle: [], starting: [], busy: [], queued: 0 });
    // Thread ids are no pids: only a child's can be looked for.
    if (noun === 'process') expect(pids.filter((pid) => alive(pid) || childPids().includes(pid))).toEqual([]);
    expect((await running)?.error).toEqual({ code: 'EXEC_CANCELLED', message: 'The sandbox was closed, so the program did not run to its end.' });
    expect((await transport.run({ source: 'return 1', bindings: [], onToolBatch: () => [] })).error?.code).toBe('EXEC_CANCELLED');
  });

  it('refuses pool settings that cannot work', () => {
    expect(() => createChildProcessTransport({ pool: { size: -1 } })).toThrow('pool.size: must be an integer of at least 0, got -1');
    try {
      createChildProcessTransport({ pool: { maxProgramsPerProcess: 0 } });
    } catch (error) {
      expect(ToolcellError.isInstance(error) && error.code).toBe('INVALID_CONFIGURATION');
      expect((error as Error).message).toBe('pool.maxProgramsPerProcess: must be an integer of at least 1, got 0');
    }
    expect(() => createChildProcessTransport({ limits: { stackBytes: 2 * 1024 * 1024 } })).toThrow(/^limits\.stackBytes: must be an integer/);
  });

  it("resolves a run's limits over its own, with a child's larger stack", async () => {
    const transport = createChildProcessTransport({ limits: { cpuBudgetMs: 100 }, pool: { size: 0 } });
    expect(transport.resolveLimits({ stackBytes: 1024 * 1024 })).toMatchObject({ cpuBudgetMs: 100, stackBytes: 1024 * 1024 });
    expect(() => transport.resolveLimits({ maxTimers: 0.5 })).toThrow('limits.maxTimers: must be an integer from 0 to 1000000, got 0.5');
    await transport.close();
  });
});
