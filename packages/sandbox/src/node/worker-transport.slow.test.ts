import { afterAll, describe, expect, it } from 'vitest';
import type { GuestToolResponse } from '../contract/guest-tool-call.js';
import type { ProgramResult } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import { echo } from '../test-support/echo-binding.js';
import { until } from '../test-support/until.js';
import { DEFAULT_RING_BYTES } from './shared-ring.js';
import { createWorkerTransport } from './worker-transport.js';
import type { WorkerTransport, WorkerTransportOptions } from './worker-transport.js';

// The worker-thread transport's own behaviour: the pool of workers, frames bigger than the
// shared ring, cancellation and idle workers. Its stack, boot bound and close are tested
// beside the child-process transport's; the guest API and the hostile programs run on it
// in the suites shared with the other transports.

const LIMITS = { cpuBudgetMs: 5_000, memoryBytes: 32 * 1024 * 1024, bootTimeoutMs: 60_000 };
const opened: WorkerTransport[] = [];
afterAll(async () => {
  await Promise.all(opened.map((transport) => transport.close()));
});

function open(options: WorkerTransportOptions = {}): WorkerTransport {
  const transport = createWorkerTransport({ limits: { ...LIMITS, ...options.limits }, pool: options.pool ?? { size: 1 } });
  opened.push(transport);
  return transport;
}

/** Run a program that calls `echo`; returns the result and the thread that ran it. */
async function threadOf(transport: WorkerTransport, source = 'return (await tools.echo({ n: 1 })).n', extra: Partial<RunProgramRequest> = {}) {
  let thread: number | undefined;
  const result: ProgramResult = await transport.run({
    source,
    bindings: [echo],
    onToolBatch: (calls) => {
      thread = transport.poolStats().busy[0];
      return calls.map((call) => Promise.resolve<GuestToolResponse>({ ok: true, value: call.input }));
    },
    ...extra,
  });
  return { thread, result };
}

describe('worker-thread transport (slow)', () => {
  it('reuses a sound worker, and replaces one whose program hit a limit', async () => {
    const transport = open();
    const first = await threadOf(transport, 'await tools.echo({}); globalThis.leaked = 1; Object.prototype.polluted = 1; return 1');
    const clean = await threadOf(transport, 'await tools.echo({}); return [typeof leaked, "polluted" in {}]');
    expect(first.result.status).toBe('completed');
    expect(clean).toMatchObject({ thread: first.thread, result: { returnValue: ['undefined', false] } });
    const limited = await transport.run({ source: 'for (;;) {}', bindings: [], limits: { cpuBudgetMs: 100 }, onToolBatch: () => [] });
    expect(limited.error?.code).toBe('EXEC_CPU_BUDGET');
    const replaced = await threadOf(transport);
    expect(replaced.thread).not.toBe(first.thread);
    expect(replaced.result).toMatchObject({ status: 'completed', returnValue: 1 });
  });

  it('carries frames several times the shared ring both ways: a big tool input, a big answer, a big result', async () => {
    const transport = open({ limits: { maxResultBytes: 8 * 1024 * 1024 } });
    const size = 3 * DEFAULT_RING_BYTES + 17;
    const inputs: number[] = [];
    const result = await transport.run({
      source: `const sent = "é".repeat(${size}); const back = await tools.echo({ text: sent }); return { same: back.text === sent, big: "x".repeat(${size}) }`,
      bindings: [echo],
      onToolBatch: (calls) =>
        calls.map((call) => {
          inputs.push(((call.input as { text: string }).text).length);
          return Promise.resolve<GuestToolResponse>({ ok: true, value: call.input });
        }),
    });
    expect(inputs).toEqual([size]);
    expect(result.status).toBe('completed');
    expect((result.returnValue as { same: boolean }).same).toBe(true);
    expect((result.returnValue as { big: string }).big).toHaveLength(size);
  });

  it('answers 100 calls of one Promise.all and 100 sequential calls', async () => {
    const transport = open();
    const parallel = await threadOf(transport, 'return (await Promise.all(Array.from({ length: 100 }, (_, n) => tools.echo({ n })))).map((answer) => answer.n).join()');
    expect(parallel.result.returnValue).toBe(Array.from({ length: 100 }, (_, n) => n).join());
    const sequential = await threadOf(transport, 'let sum = 0; for (let n = 0; n < 100; n++) sum += (await tools.echo({ n })).n; return sum');
    expect(sequential.result.returnValue).toBe(4950);
  });

  it('ends the worker of a cancelled program and runs the next on a new one', async () => {
    const transport = open();
    const controller = new AbortController();
    const { thread, result } = await threadOf(transport, 'text("started"); await tools.echo({}); for (;;) {}', {
      signal: controller.signal,
      onToolBatch: (calls) => {
        // Aborted once the call is answered: the guest is then in its endless loop.
        queueMicrotask(() => controller.abort());
        return calls.map(() => Promise.resolve<GuestToolResponse>({ ok: true, value: null }));
      },
    });
    expect(result).toMatchObject({ status: 'failed', error: { code: 'EXEC_CANCELLED' }, output: [{ type: 'text', text: 'started' }] });
    const next = await threadOf(transport);
    expect(next.thread).not.toBe(thread);
  });

  it('stops idle workers after idleTimeoutMs and starts cold afterwards', async () => {
    const transport = open({ pool: { size: 1, idleTimeoutMs: 300 } });
    await until(() => transport.poolStats().idle.length === 1);
    await until(() => transport.poolStats().idle.length === 0);
    expect(transport.poolStats()).toEqual({ idle: [], starting: [], busy: [], queued: 0 });
    expect((await threadOf(transport)).result.status).toBe('completed');
  });
});
