import { afterAll, describe, expect, it } from 'vitest';
import type { GuestToolResponse } from '../contract/guest-tool-call.js';
import type { ProgramResult } from '../contract/program-result.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { childPids } from '../test-support/child-pids.js';
import { until } from '../test-support/until.js';
import { createChildProcessTransport } from './child-process-transport.js';
import type { ChildProcessTransport, ChildProcessTransportOptions } from './child-process-transport.js';

// The pool's run queue and close(), through the child-process transport. The work is
// controlled with gates (a tool answer that waits), never with real timers. Slow: children
// start from sources.

const LIMITS = { cpuBudgetMs: 5_000, memoryBytes: 16 * 1024 * 1024, bootTimeoutMs: 60_000 };
const gate: SandboxBinding = { jsName: 'gate', canonicalName: 'gate', description: 'Wait for the test.', kind: 'function' };
const opened: ChildProcessTransport[] = [];
afterAll(async () => {
  await Promise.all(opened.map((transport) => transport.close()));
});

function open(options: ChildProcessTransportOptions): ChildProcessTransport {
  const transport = createChildProcessTransport({ limits: LIMITS, ...options });
  opened.push(transport);
  return transport;
}

function opening(): { open: () => void; opened: Promise<void> } {
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { open: release, opened };
}

/** Start a program that waits on a gate nobody opens; resolves once it waits there. */
async function heldAtGate(transport: ChildProcessTransport): Promise<{ running: Promise<ProgramResult> }> {
  const entry = opening();
  const running = transport.run({
    source: 'return await tools.gate({})',
    bindings: [gate],
    onToolBatch: (calls) => (entry.open(), calls.map(() => new Promise<GuestToolResponse>(() => undefined))),
  });
  await entry.opened;
  return { running };
}

describe('run queue (slow)', () => {
  it('runs 50 simultaneous programs on a pool of 2, never with more than 2 processes; time queued is not boot time', async () => {
    const childrenBefore = childPids();
    const transport = open({ pool: { size: 2 } });
    await until(() => transport.poolStats().idle.length === 2);
    const door = opening();
    const seen = new Set<number>();
    let mostProcesses = 0;
    let mostChildren = 0;
    const sample = (): void => {
      const stats = transport.poolStats();
      for (const pid of [...stats.idle, ...stats.starting, ...stats.busy]) seen.add(pid);
      mostProcesses = Math.max(mostProcesses, new Set([...stats.idle, ...stats.starting, ...stats.busy]).size);
      mostChildren = Math.max(mostChildren, childPids().filter((pid) => !childrenBefore.includes(pid)).length);
    };
    // A boot bound of 1 ms: a queued run that counted its wait as boot time would fail.
    const runs: Array<Promise<ProgramResult>> = Array.from({ length: 50 }, (_, index) =>
      transport.run({
        source: `return await tools.gate({ index: ${index} })`,
        bindings: [gate],
        limits: { bootTimeoutMs: 1 },
        onToolBatch: (calls) => {
          sample();
          return calls.map((call) => door.opened.then((): GuestToolResponse => ({ ok: true, value: call.input })));
        },
      }),
    );
    await until(() => transport.poolStats().queued === 48);
    sample();
    expect(transport.poolStats().busy).toHaveLength(2);
    door.open();
    const results = await Promise.all(runs);
    sample();
    expect(results.map((result) => result.error)).toEqual(Array.from({ length: 50 }, () => undefined));
    expect(results.map((result) => result.returnValue)).toEqual(Array.from({ length: 50 }, (_, index) => ({ index })));
    expect(mostProcesses).toBeLessThanOrEqual(2);
    expect(seen.size).toBe(2);
    if (process.platform === 'linux') expect(mostChildren).toBe(2);
  });

  it('refuses a run beyond maxQueued at once, and one cancelled while queued', async () => {
    const transport = open({ pool: { size: 1, maxQueued: 1 } });
    const door = opening();
    let entered: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (entered = resolve));
    const running = transport.run({
      source: 'return await tools.gate({})',
      bindings: [gate],
      onToolBatch: (calls) => (entered(), calls.map(() => door.opened.then((): GuestToolResponse => ({ ok: true, value: 'first' })))),
    });
    await first;
    const controller = new AbortController();
    const queued = transport.run({ source: 'return "queued"', bindings: [], signal: controller.signal, onToolBatch: () => [] });
    expect(transport.poolStats().queued).toBe(1);
    const refused = await transport.run({ source: 'return "refused"', bindings: [], onToolBatch: () => [] });
    expect(refused).toMatchObject({
      status: 'failed',
      error: {
        code: 'EXEC_CANCELLED',
        message: 'The program was not run: the sandbox is at capacity (1 programs running and 1 waiting, its limits). Try again when fewer programs are running.',
      },
    });
    controller.abort();
    expect((await queued).error).toEqual({ code: 'EXEC_CANCELLED', message: 'The program was cancelled before it finished.' });
    expect(transport.poolStats().queued).toBe(0);
    const waiting = transport.run({ source: 'return "later"', bindings: [], onToolBatch: () => [] });
    door.open();
    expect((await running).returnValue).toBe('first');
    expect((await waiting).returnValue).toBe('later');
  });

  it('refuses the programs still queued when the transport closes', async () => {
    const transport = open({ pool: { size: 1 } });
    const { running } = await heldAtGate(transport);
    const queued = transport.run({ source: 'return 1', bindings: [], onToolBatch: () => [] });
    await transport.close();
    for (const result of await Promise.all([running, queued])) {
      expect(result.error).toEqual({ code: 'EXEC_CANCELLED', message: 'The sandbox was closed, so the program did not run to its end.' });
    }
  });
});

describe('close (slow)', () => {
  it('resolves only after every child it started has exited and been reaped', async () => {
    const childrenBefore = childPids();
    const transport = open({ pool: { size: 2 } });
    // A program that hits a limit: its child is killed and replaced, not waited for by the run.
    expect((await transport.run({ source: 'for (;;) {}', bindings: [], limits: { cpuBudgetMs: 50 }, onToolBatch: () => [] })).error?.code).toBe(
      'EXEC_CPU_BUDGET',
    );
    const { running } = await heldAtGate(transport);
    expect(childPids().filter((pid) => !childrenBefore.includes(pid)).length).toBeGreaterThan(0);
    await transport.close();
    // No `until`: at the moment close() resolves, no child (not even a zombie) is left.
    expect(childPids().filter((pid) => !childrenBefore.includes(pid))).toEqual([]);
    expect((await running).error?.code).toBe('EXEC_CANCELLED');
    await transport.close();
  });
});
