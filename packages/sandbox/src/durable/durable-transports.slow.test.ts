import { afterAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '@toolcell/core';
import { createInProcessTransport } from '../host/in-process-transport.js';
import type { DurableProgramResult, DurableSandboxTransport, SandboxCells, SuspendedProgramResult } from '../index.js';
import { createChildProcessTransport } from '../node/child-process-transport.js';
import { createWorkerTransport } from '../node/worker-transport.js';
import { DURABLE_BINDINGS, durableFor, parkAllButMul } from '../test-support/durable-fixtures.js';
import { UNREACHABLE_MS } from '../test-support/unreachable-ms.js';

// Slow: child processes and workers start from sources. Every case runs on every transport,
// and a snapshot sealed on one transport resumes on each of the others.
const LIMITS = { cpuBudgetMs: UNREACHABLE_MS, memoryBytes: 32 * 1024 * 1024, bootTimeoutMs: 60_000 };
const TRANSPORTS: Array<[string, DurableSandboxTransport]> = [
  ['in process', createInProcessTransport({ limits: LIMITS })],
  ['child process', createChildProcessTransport({ limits: LIMITS, pool: { size: 1 } })],
  ['worker thread', createWorkerTransport({ limits: LIMITS, pool: { size: 1 } })],
];
afterAll(() => Promise.all(TRANSPORTS.map(([, transport]) => transport.close())));

function suspended(result: DurableProgramResult): SuspendedProgramResult {
  if (result.status !== 'suspended') throw new Error(`expected a suspension, got ${JSON.stringify(result)}`);
  return result;
}

/** Cells hooks that record what the guest did. */
function recordingCells(events: JsonValue[], storedValues: Record<string, JsonValue> = {}): SandboxCells {
  return {
    storedValues,
    onStore: (key, value) => events.push(['store', key, value]),
    onNotify: (value) => events.push(['notify', value]),
    onYield: () => events.push('yield'),
  };
}

describe.each(TRANSPORTS)('a durable program on the %s transport', (_name, transport) => {
  const run = (source: string, extra: { limits?: Record<string, number>; cells?: SandboxCells } = {}): Promise<DurableProgramResult> =>
    transport.runDurable({ source, bindings: DURABLE_BINDINGS, onToolBatch: parkAllButMul, durable: durableFor(), ...extra });
  const resume = (snapshot: Uint8Array, answers: Array<[number, JsonValue]>, extra: { cells?: SandboxCells; on?: DurableSandboxTransport } = {}): Promise<DurableProgramResult> =>
    (extra.on ?? transport).resume({
      snapshot,
      answers: answers.map(([id, value]) => ({ id, response: { ok: true, value } })),
      onToolBatch: parkAllButMul,
      durable: durableFor(),
      ...(extra.cells === undefined ? {} : { cells: extra.cells }),
    });

  it('is suspended at a parked call and resumed where it stopped, on every transport', async () => {
    const first = suspended(
      await run(`
        const product = await tools.mul({ a: 6, b: 7 });
        text('before ' + product);
        const verdict = await tools.approve({ action: 'deploy' });
        text('after ' + verdict);
        return product + (verdict === 'yes' ? 100 : 0);
      `),
    );
    expect(first.parked).toEqual([{ id: 2, jsName: 'approve', input: { action: 'deploy' } }]);
    expect(first.output).toEqual([{ type: 'text', text: 'before 42' }]);
    expect(first.stats.toolCalls).toBe(2);
    for (const [, other] of TRANSPORTS) {
      const second = await resume(first.snapshot, [[2, 'yes']], { on: other });
      expect(second).toMatchObject({ status: 'completed', returnValue: 142, output: [{ type: 'text', text: 'before 42' }, { type: 'text', text: 'after yes' }], stats: { toolCalls: 2 } });
      expect(second.stats.cpuMs).toBeGreaterThanOrEqual(first.stats.cpuMs);
    }
  });

  it('suspends at a Promise.all of three with one parked and two answered', async () => {
    const first = suspended(await run(`const [a, b, c] = await Promise.all([tools.mul({ a: 2, b: 3 }), tools.send({ to: 'x' }), tools.mul({ a: 4, b: 5 })]); return { a, b, c };`));
    expect(first.parked).toEqual([{ id: 2, jsName: 'send', input: { to: 'x' } }]);
    expect(await resume(first.snapshot, [[2, 'sent']])).toMatchObject({ status: 'completed', returnValue: { a: 6, b: 'sent', c: 20 } });
  });

  it('suspends after a yield: the yield reached the host once, the stored values and the output carry over', async () => {
    const events: JsonValue[] = [];
    const first = suspended(
      await run(`store('step', 1); text('working'); yield_control(); const verdict = await tools.approve({}); store('step', 2); return [verdict, load('step'), load('seed')];`, {
        cells: recordingCells(events, { seed: 'kept' }),
      }),
    );
    expect(events).toEqual([['store', 'step', 1], 'yield']);
    const later: JsonValue[] = [];
    const second = await resume(first.snapshot, [[1, 'ok']], { cells: recordingCells(later) });
    expect(second).toMatchObject({ status: 'completed', returnValue: ['ok', 2, 'kept'], output: [{ type: 'text', text: 'working' }] });
    expect(later).toEqual([['store', 'step', 2]]);
  });

  it('keeps pending timers as due times across a suspension', async () => {
    // A peer's timers run on the real clock: the second is due long after the program parks
    // (a round trip to the parent), however busy the machine, so it is carried as a due time.
    const first = suspended(
      await run(`
        await new Promise((resolve) => setTimeout(resolve, 1));
        text('first timer');
        const later = new Promise((resolve) => setTimeout(() => { text('second timer'); resolve('late'); }, 2000));
        const verdict = await tools.approve({});
        return [verdict, await later];
      `),
    );
    expect(first.output).toEqual([{ type: 'text', text: 'first timer' }]);
    const second = await resume(first.snapshot, [[1, 'ok']]);
    expect(second).toMatchObject({ status: 'completed', returnValue: ['ok', 'late'] });
    expect(second.output).toEqual([{ type: 'text', text: 'first timer' }, { type: 'text', text: 'second timer' }]);
  });

  it('suspends and resumes three times, with answers split across the rounds', async () => {
    const round1 = suspended(
      await run(`
        const a = tools.approve({ n: 1 }), b = tools.approve({ n: 2 }), c = tools.approve({ n: 3 });
        const first = await a;
        text('got ' + first);
        const d = await tools.send({ after: first });
        return [first, await b, await c, d];
      `),
    );
    expect(round1.parked.map((call) => call.id)).toEqual([1, 2, 3]);
    const round2 = suspended(await resume(round1.snapshot, [[1, 'one'], [3, 'three']]));
    expect(round2.parked.map((call) => call.id)).toEqual([2, 4]);
    expect(round2.output).toEqual([{ type: 'text', text: 'got one' }]);
    const round3 = suspended(await resume(round2.snapshot, [[4, 'sent']]));
    expect(round3.parked.map((call) => call.id)).toEqual([2]);
    expect(await resume(round3.snapshot, [[2, 'two']])).toMatchObject({ status: 'completed', returnValue: ['one', 'two', 'three', 'sent'], stats: { toolCalls: 4 } });
  });

  it('is not suspended over maxSnapshotBytes: it keeps running, and the host answers its parked call in memory', async () => {
    const refusals: unknown[] = [];
    const result = await transport.runDurable({
      source: `const big = 'x'.repeat(10); text('before'); return await tools.approve({}) + big.length;`,
      bindings: DURABLE_BINDINGS,
      limits: { maxSnapshotBytes: 1024 },
      onToolBatch: parkAllButMul,
      durable: durableFor('team-a', {
        onSuspendRefused: (refusal, parked, answer) => {
          refusals.push({ code: refusal.code, parked });
          answer(parked[0]?.id ?? 0, { ok: true, value: 5 });
        },
      }),
    });
    expect(result).toMatchObject({ status: 'completed', returnValue: 15, output: [{ type: 'text', text: 'before' }] });
    expect(refusals).toEqual([{ code: 'SNAPSHOT_TOO_LARGE', parked: [{ id: 1, jsName: 'approve', input: {} }] }]);
  });

  it('carries the wall-clock allowance over rounds', async () => {
    // 2 500 ms of timers a round under a 4 000 ms allowance: the second round goes over it only if the
    // first's time counts; the 1 500 ms left over in the first round absorb a busy machine's delays.
    const first = suspended(
      await run(`await new Promise((resolve) => setTimeout(resolve, 2500)); await tools.approve({}); await new Promise((resolve) => setTimeout(resolve, 2500)); return 'done';`, {
        limits: { cpuBudgetMs: 4_000, watchdogGraceMs: 0 },
      }),
    );
    expect(await resume(first.snapshot, [[1, 'ok']])).toMatchObject({ status: 'failed', error: { code: 'EXEC_CPU_BUDGET' } });
  });

  it('refuses a tampered snapshot with a typed error, and the snapshot still resumes', async () => {
    const first = suspended(await run(`return await tools.approve({});`));
    const tampered = first.snapshot.slice();
    tampered[tampered.length - 40] = (tampered[tampered.length - 40] as number) ^ 1;
    await expect(resume(tampered, [[1, 'ok']])).rejects.toMatchObject({ code: 'SNAPSHOT_TAMPERED' });
    expect(await resume(first.snapshot, [[1, 'ok']])).toMatchObject({ status: 'completed', returnValue: 'ok' });
  });
});
