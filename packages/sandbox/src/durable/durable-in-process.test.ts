import { afterAll, describe, expect, it } from 'vitest';
import { createInProcessTransport } from '../host/in-process-transport.js';
import type { DurableProgramResult, SuspendedProgramResult } from '../index.js';
import { DURABLE_BINDINGS, durableFor, parkAllButMul } from '../test-support/durable-fixtures.js';

const transport = createInProcessTransport({ limits: { memoryBytes: 32 * 1024 * 1024 } });
afterAll(() => transport.close());

function suspended(result: DurableProgramResult): SuspendedProgramResult {
  if (result.status !== 'suspended') throw new Error(`expected a suspension, got ${JSON.stringify(result)}`);
  return result;
}

function run(source: string, scope?: string): Promise<DurableProgramResult> {
  return transport.runDurable({ source, bindings: DURABLE_BINDINGS, onToolBatch: parkAllButMul, durable: durableFor(scope) });
}

function resume(snapshot: Uint8Array, answers: Array<[number, unknown]>, scope?: string): Promise<DurableProgramResult> {
  return transport.resume({
    snapshot,
    answers: answers.map(([id, value]) => ({ id, response: { ok: true, value: value as never } })),
    onToolBatch: parkAllButMul,
    durable: durableFor(scope),
  });
}

describe('a durable program in process', () => {
  it('is suspended at a parked call and resumed where it stopped, its variables, output and counters intact', async () => {
    const first = suspended(
      await run(`
        const product = await tools.mul({ a: 6, b: 7 });
        const closure = (x) => x + product;
        text('before ' + product);
        const verdict = await tools.approve({ action: 'deploy' });
        text('after ' + verdict);
        return closure(verdict === 'yes' ? 100 : 0);
      `),
    );
    expect(first.parked).toEqual([{ id: 2, jsName: 'approve', input: { action: 'deploy' } }]);
    expect(first.output).toEqual([{ type: 'text', text: 'before 42' }]);
    expect(first.stats.toolCalls).toBe(2);
    expect(first.snapshot.byteLength).toBeLessThan(200_000);
    const second = await resume(first.snapshot, [[2, 'yes']]);
    expect(second).toMatchObject({ status: 'completed', returnValue: 142, output: [{ type: 'text', text: 'before 42' }, { type: 'text', text: 'after yes' }] });
    expect(second.stats.toolCalls).toBe(2);
    expect(second.stats.cpuMs).toBeGreaterThanOrEqual(first.stats.cpuMs);
  });

  it('seals a trivial paused program in at most 100 KB: its memory as the difference from the prepared realm', async () => {
    const first = suspended(await run(`return 'got ' + (await tools.approve({}));`));
    expect(first.snapshot.byteLength).toBeLessThanOrEqual(100_000);
    expect(await resume(first.snapshot, [[1, 'yes']])).toMatchObject({ status: 'completed', returnValue: 'got yes' });
  });

  // A Promise.all with one call parked, timers across a suspension and three rounds run on every
  // transport, this one included, in durable-transports.slow.test.ts.

  it('carries the wall-clock allowance over rounds: two waits that each fit it do not fit it together', async () => {
    // 2 500 ms of timers a round under a 4 000 ms allowance: the second round goes over it only if the
    // first's time counts; the 1 500 ms left over in the first round absorb a busy machine's delays.
    const limits = { cpuBudgetMs: 4_000, watchdogGraceMs: 0 };
    const first = suspended(
      await transport.runDurable({
        source: `await new Promise((resolve) => setTimeout(resolve, 2500)); await tools.approve({}); await new Promise((resolve) => setTimeout(resolve, 2500)); return 'done';`,
        bindings: DURABLE_BINDINGS,
        limits,
        onToolBatch: parkAllButMul,
        durable: durableFor(),
      }),
    );
    const second = await resume(first.snapshot, [[1, 'ok']]);
    expect(second).toMatchObject({ status: 'failed', error: { code: 'EXEC_CPU_BUDGET', message: expect.stringMatching(/^The program ran for more than 4000 ms of wall-clock time/) } });
  });

  it('draws another Math.random stream on each resume of one snapshot', async () => {
    const first = suspended(await run(`await tools.approve({}); return [Math.random(), Math.random()];`));
    const [one, two] = await Promise.all([resume(first.snapshot, [[1, null]]), resume(first.snapshot, [[1, null]])]);
    expect(one.status).toBe('completed');
    expect(one.status === 'completed' && two.status === 'completed' && one.returnValue).not.toEqual(two.status === 'completed' && two.returnValue);
  });

  it('resumes a heap with a 2 MiB zero-filled array below live objects', async () => {
    const first = suspended(
      await run(`
        const zeros = new Uint8Array(2 * 1024 * 1024);
        const live = Array.from({ length: 2000 }, (_, i) => ({ i, text: 'item ' + i }));
        await tools.approve({});
        return [zeros.length, zeros.every((byte) => byte === 0), live.length, live[1999].text];
      `),
    );
    const second = await resume(first.snapshot, [[1, true]]);
    expect(second).toMatchObject({ status: 'completed', returnValue: [2 * 1024 * 1024, true, 2000, 'item 1999'] });
  });

  it('is not suspended over maxSnapshotBytes: the host is told why and answers the parked call in memory', async () => {
    const refusals: unknown[] = [];
    const result = await transport.runDurable({
      source: `const big = 'x'.repeat(10); return await tools.approve({}) + big.length;`,
      bindings: DURABLE_BINDINGS,
      limits: { maxSnapshotBytes: 1024 },
      onToolBatch: parkAllButMul,
      durable: durableFor('team-a', {
        onSuspendRefused: (refusal, parked, answer) => {
          refusals.push({ refusal, parked });
          answer(parked[0]?.id ?? 0, { ok: true, value: 5 });
        },
      }),
    });
    expect(result).toMatchObject({ status: 'completed', returnValue: 15 });
    expect(refusals).toEqual([
      {
        refusal: expect.objectContaining({ code: 'SNAPSHOT_TOO_LARGE', maxSnapshotBytes: 1024, message: expect.stringMatching(/^the program was not suspended: its sealed snapshot would be \d+ bytes, over maxSnapshotBytes \(1024\)/) }),
        parked: [{ id: 1, jsName: 'approve', input: {} }],
      },
    ]);
  });

  it('leaves nothing of a resumed program to the next program', async () => {
    const first = suspended(await run(`globalThis.leak = 'secret'; Object.prototype.polluted = 1; return await tools.approve({});`));
    expect(await resume(first.snapshot, [[1, 'ok']])).toMatchObject({ status: 'completed', returnValue: 'ok' });
    const next = await transport.run({ source: `return [typeof leak, ({}).polluted === undefined]`, bindings: [], onToolBatch: () => [] });
    expect(next).toMatchObject({ status: 'completed', returnValue: ['undefined', true] });
  });

  it('fails a parked call in a run that is not durable', async () => {
    const result = await transport.run({ source: `try { await tools.approve({}); } catch (error) { return error.code + ': ' + error.message; }`, bindings: DURABLE_BINDINGS, onToolBatch: parkAllButMul });
    expect(result).toMatchObject({ status: 'completed', returnValue: 'EXECUTION_FAILED: the host parked tools.approve, but the program is not durable: only a durable run can park a call' });
  });
});
