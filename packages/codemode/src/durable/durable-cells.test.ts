import { StoreError } from '@toolcell/durable-store';
import { describe, expect, it } from 'vitest';
import { durablePerTest } from '../test-support/durable-per-test.js';
import type { durableSetup } from '../test-support/durable-setup.js';
import { THREE_WRITES, approveAll, suspendCell } from '../test-support/durable-setup.js';
import { DurableCellError } from './durable-cell-error.js';

const setup = durablePerTest('toolcell-durable-cells-').setup;

/** Starts THREE_WRITES, approves all three calls, then leaves the store as a process that died while running the first write leaves it: that call started, not done. */
async function approveAllThenDieDuringFirstWrite({ cells, store }: ReturnType<typeof durableSetup>) {
  const report = await suspendCell(cells);
  await approveAll(cells, report);
  const crashed = await store.claimLease(report.key, 'a process that died', 60_000);
  await store.moveCall(crashed, '1', 'awaiting', 'approved');
  await store.moveCall(crashed, '1', 'approved', 'started');
  await store.releaseLease(crashed);
  return report;
}

describe('durable cells', () => {
  it('a Promise.all needing three approvals is suspended with all three listed at once', async () => {
    const { cells, store, effects } = setup();
    const report = await suspendCell(cells, THREE_WRITES, 'cell-1');
    expect(report.pendingApprovals.map((approval) => [approval.toolName, approval.args, approval.cellId])).toEqual([
      ['write_file', 'path: "a.txt"\ntext: "A"', 'cell-1'],
      ['write_file', 'path: "b.txt"\ntext: "B"', 'cell-1'],
      ['write_file', 'path: "c.txt"\ntext: "C"', 'cell-1'],
    ]);
    expect(report.pendingApprovals.every((approval) => approval.expiresAt > Date.now())).toBe(true);
    expect(report.output).toEqual([{ type: 'text', text: 'writing three files' }]);
    expect(effects()).toEqual([]);
    expect((await store.readCell(report.key))?.status).toBe('suspended');
    expect((await cells.pending({ session: 'chat-1' })).map((approval) => approval.approvalId)).toEqual(report.pendingApprovals.map((approval) => approval.approvalId));
  });

  it('the sandbox instance is free for the next program while the cell waits', async () => {
    const { cells, transport } = setup();
    await cells.start({ code: THREE_WRITES, session: 'chat-1', callId: 'exec_1' });
    const next = await transport.run({ source: 'return 6 * 7', bindings: [], onToolBatch: () => [] });
    expect(next).toMatchObject({ status: 'completed', returnValue: 42 });
  });

  it('two approved and one denied: resume finishes the program where it stopped; each write happened once', async () => {
    const { cells, effects } = setup();
    const report = await suspendCell(cells);
    const [first, second, third] = report.pendingApprovals;
    await cells.decide(first?.approvalId ?? '', { type: 'approve' });
    await cells.decide(second?.approvalId ?? '', { type: 'deny', reason: 'not b' });
    await cells.decide(third?.approvalId ?? '', { type: 'approve' });
    const done = await cells.resume(report.key);
    expect(done).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'DENIED', 'wrote c.txt'] });
    expect(done.output).toEqual([{ type: 'text', text: 'writing three files' }]);
    expect(effects()).toEqual(['a.txt', 'c.txt']);
    expect(await cells.pending({ session: 'chat-1' })).toEqual([]);
    // A second resume answers the final report and runs nothing again.
    expect(await cells.resume(report.key)).toEqual(done);
    expect(effects()).toEqual(['a.txt', 'c.txt']);
  });

  it('the first decision wins; a second says which stands; an unknown approval is refused', async () => {
    const { cells } = setup();
    const report = await suspendCell(cells);
    const approvalId = report.pendingApprovals[0]?.approvalId ?? '';
    expect(await cells.decide(approvalId, { type: 'approve' })).toMatchObject({ recorded: true });
    expect(await cells.decide(approvalId, { type: 'deny' })).toMatchObject({ recorded: false, decision: { decision: { type: 'approve' } } });
    await expect(cells.decide('appr_nope', { type: 'approve' })).rejects.toMatchObject({ code: 'STORE_UNKNOWN_APPROVAL' });
  });

  it('a partly decided batch resumes the decided calls and stays suspended at the rest', async () => {
    const { cells, effects } = setup();
    const report = await suspendCell(cells);
    await cells.decide(report.pendingApprovals[0]?.approvalId ?? '', { type: 'approve' });
    const partly = await cells.resume(report.key);
    expect(partly.status).toBe('suspended');
    if (partly.status !== 'suspended') return;
    expect(partly.pendingApprovals.map((approval) => approval.approvalId)).toEqual(report.pendingApprovals.slice(1).map((approval) => approval.approvalId));
    expect(effects()).toEqual(['a.txt']);
    for (const approval of partly.pendingApprovals) await cells.decide(approval.approvalId, { type: 'approve' });
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('a round aborted to terminate the cell (isTerminated) is stored as terminated, its still-parked approvals denied', async () => {
    const { cells, registry, store, effects } = setup();
    let entered = (): void => undefined;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    registry.register({
      kind: 'function',
      name: 'hold',
      description: 'Wait until cancelled.',
      inputSchema: { type: 'object' },
      execute: (_input, context) => (entered(), new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }))),
    });
    const code = "const a = tools.write_file({ path: 'a.txt' }); const b = tools.write_file({ path: 'b.txt' }); await a; text('a written'); await tools.hold({}); await b;";
    const report = await suspendCell(cells, code);
    const [a, b] = report.pendingApprovals.map((approval) => approval.approvalId);
    await cells.decide(a ?? '', { type: 'approve' });
    const controller = new AbortController();
    const resumed = cells.resume(report.key, { hooks: { signal: controller.signal, isTerminated: () => controller.signal.aborted } });
    await holding;
    controller.abort();
    expect(await resumed).toMatchObject({ status: 'terminated', output: [{ type: 'text', text: 'a written' }] });
    expect(await resumed).not.toHaveProperty('error');
    expect((await store.readDecision(b ?? ''))?.decision).toEqual({ type: 'deny', reason: 'terminated' });
    expect(await cells.read(report.key)).toMatchObject({ status: 'terminated' });
    expect(effects()).toEqual(['a.txt']);
  });

  it('a second resumer while the first holds the lease gets STORE_LEASE_HELD', async () => {
    const { cells, store } = setup();
    const report = await cells.start({ code: THREE_WRITES, session: 'chat-1', callId: 'exec_1' });
    const lease = await store.claimLease(report.key, 'another process', 60_000);
    const error = await cells.resume(report.key).catch((caught: unknown) => caught);
    expect(StoreError.isInstance(error) && error.code).toBe('STORE_LEASE_HELD');
    expect((error as Error).message).toContain('is being resumed by another process');
    await store.releaseLease(lease);
  });

  it('a call found started but not done after a crash delivers "outcome unknown" and never runs again', async () => {
    const made = setup();
    const report = await approveAllThenDieDuringFirstWrite(made);
    const done = await made.cells.resume(report.key);
    expect(done).toMatchObject({ status: 'completed', returnValue: ['OUTCOME_UNKNOWN', 'wrote b.txt', 'wrote c.txt'] });
    expect(made.effects()).toEqual(['b.txt', 'c.txt']);
  });

  it('an idempotent tool found started runs again once, under the same call id', async () => {
    const made = setup({ idempotent: true });
    const report = await approveAllThenDieDuringFirstWrite(made);
    expect(await made.cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(made.effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('a tool unregistered while its call was parked is refused after approval', async () => {
    const { cells, registry, effects } = setup();
    const report = await suspendCell(cells);
    await approveAll(cells, report);
    registry.unregister('write_file');
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['UNKNOWN_TOOL', 'UNKNOWN_TOOL', 'UNKNOWN_TOOL'] });
    expect(effects()).toEqual([]);
  });

  it('an unknown cell is DURABLE_CELL_UNKNOWN', async () => {
    const { cells } = setup();
    const error = await cells.resume({ scope: 'root', session: 'chat-1', cell: 'nope' }).catch((caught: unknown) => caught);
    expect(DurableCellError.isInstance(error) && error.code).toBe('DURABLE_CELL_UNKNOWN');
  });

  it('an expired cell is DURABLE_CELL_EXPIRED and nothing runs', async () => {
    const { cells, store, effects } = setup();
    const report = await suspendCell(cells);
    await approveAll(cells, report);
    const cell = await store.readCell(report.key);
    if (cell === undefined) throw new Error('expected the cell in the store');
    const { version: _version, ...rest } = cell;
    await store.writeCell({ ...rest, expiresAt: 0 }, cell.version);
    const error = await cells.resume(report.key).catch((caught: unknown) => caught);
    expect(DurableCellError.isInstance(error) && error.code).toBe('DURABLE_CELL_EXPIRED');
    expect((error as Error).message).toContain('expired at 1970-01-01T00:00:00.000Z');
    expect(effects()).toEqual([]);
  });

  it('a program that needs no approval completes without touching the store', async () => {
    const { cells, store } = setup();
    const report = await cells.start({ code: "return (await tools.read_file({ path: 'x' })).text", session: 'chat-1', callId: 'exec_1' });
    expect(report).toMatchObject({ status: 'completed', returnValue: 'contents of x' });
    expect(await store.listCells({ session: 'chat-1' })).toEqual([]);
  });
});
