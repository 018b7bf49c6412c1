// exec and wait with a durable store (issue 32, "Codemode: durable cells"): a program whose
// calls in flight are all parked is suspended into the store and answered `awaiting_approval`
// with every pending approval; `wait` resumes it once they are decided, in this or a fresh
// CodeMode over the same store. Real parts only: registry, executor, in-process sandbox,
// file store on a temp directory.
import type { JsonObject } from '@toolcell/core';
import { wireText } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import type { CellUpdateEvent } from '../code-mode-events.js';
import { durablePerTest } from '../test-support/durable-per-test.js';
import { THREE_WRITES, resultOf } from '../test-support/durable-setup.js';

const setup = durablePerTest('toolcell-code-mode-durable-').codeModeSetup;

/** Starts THREE_WRITES and returns its awaiting answer. */
async function suspendThreeWrites(made: ReturnType<typeof setup>) {
  const outcome = await made.exec(THREE_WRITES);
  const result = resultOf(outcome);
  if (result.status !== 'awaiting_approval') throw new Error(`expected awaiting_approval, got ${JSON.stringify(result)}`);
  return { outcome, result, approvals: result.pending_approvals ?? [] };
}

describe('exec with a durable store', () => {
  it('answers awaiting_approval with every pending approval of the batch, and frees the sandbox', async () => {
    const made = setup();
    const suspended: unknown[] = [];
    made.codeMode.events.on('cell-suspend', (event) => suspended.push(event));
    const { outcome, result, approvals } = await suspendThreeWrites(made);
    expect(approvals.map((approval) => [approval.tool_name, approval.args, approval.cell_id])).toEqual([
      ['write_file', 'path: "a.txt"\ntext: "A"', result.cell_id],
      ['write_file', 'path: "b.txt"\ntext: "B"', result.cell_id],
      ['write_file', 'path: "c.txt"\ntext: "C"', result.cell_id],
    ]);
    expect(approvals.every((approval) => approval.approval_id.startsWith('appr_') && approval.expires_at > Date.now())).toBe(true);
    expect(result.text).toBe('writing three files');
    const wire = wireText(outcome.output.wire);
    expect(wire).toContain(`Script awaiting approval, cell ${result.cell_id}`);
    expect(wire).toContain('3 approvals below');
    for (const approval of approvals) expect(wire).toContain(`- ${approval.approval_id}: write_file (expires ${new Date(approval.expires_at).toISOString()})`);
    expect(wire).toContain('    path: "b.txt"\n    text: "B"');
    expect(suspended).toEqual([{ cellId: result.cell_id, execCallId: 'exec_1', scopeId: 'root', pendingApprovals: expect.any(Array) }]);
    expect(made.effects()).toEqual([]);
    expect((await made.store.readCell({ scope: 'root', session: 'root', cell: result.cell_id }))?.status).toBe('suspended');
    expect((await made.durable.pending({ session: 'root' })).map((approval) => approval.approvalId)).toEqual(approvals.map((approval) => approval.approval_id));
    // The sandbox instance is free: the next program runs at once.
    expect(resultOf(await made.exec('return 6 * 7'))).toMatchObject({ status: 'completed', return_value: 42 });
  });

  it('runs a program that never parks exactly as without a store, and stores nothing', async () => {
    const made = setup({ approveAtOnce: ['write_file'] });
    const outcome = await made.exec("text('hi'); return (await tools.write_file({ path: 'x.txt' })).written");
    expect(resultOf(outcome)).toMatchObject({ status: 'completed', return_value: 'x.txt', text: 'hi' });
    expect(resultOf(outcome).pending_approvals).toBeUndefined();
    expect(made.effects()).toEqual(['x.txt']);
    expect(await made.store.listCells({})).toEqual([]);
  });
});

describe('wait on a suspended cell', () => {
  it('answers the undecided approvals again until the whole batch is decided, then resumes it once', async () => {
    const made = setup({ autoResume: false });
    const { result, approvals } = await suspendThreeWrites(made);
    const [a, b, c] = approvals;
    await made.durable.decide(a?.approval_id ?? '', { type: 'approve' });
    const partly = resultOf(await made.wait({ cell_id: result.cell_id }));
    expect(partly.status).toBe('awaiting_approval');
    expect(partly.pending_approvals?.map((approval) => approval.approval_id)).toEqual([b?.approval_id, c?.approval_id]);
    expect(made.effects()).toEqual([]);
    await made.durable.decide(b?.approval_id ?? '', { type: 'deny', reason: 'not b' });
    await made.durable.decide(c?.approval_id ?? '', { type: 'approve' });
    const done = resultOf(await made.wait({ cell_id: result.cell_id }));
    expect(done).toMatchObject({ status: 'completed', cell_id: result.cell_id, return_value: ['wrote a.txt', 'DENIED', 'wrote c.txt'] });
    expect(made.effects()).toEqual(['a.txt', 'c.txt']);
    // A late wait answers the final report; nothing runs again.
    expect(resultOf(await made.wait({ cell_id: result.cell_id }))).toMatchObject({ status: 'completed', return_value: ['wrote a.txt', 'DENIED', 'wrote c.txt'] });
    expect(await made.durable.resume({ scope: 'root', session: 'root', cell: result.cell_id })).toMatchObject({ status: 'completed' });
    expect(made.effects()).toEqual(['a.txt', 'c.txt']);
  });

  it('while another process resumes the cell, answers so and runs nothing; the next wait gets the final report', async () => {
    const made = setup({ autoResume: false });
    const { result, approvals } = await suspendThreeWrites(made);
    for (const approval of approvals) await made.durable.decide(approval.approval_id, { type: 'approve' });
    const key = { scope: 'root', session: 'root', cell: result.cell_id };
    const lease = await made.store.claimLease(key, 'another process', 60_000);
    const refused = await made.wait({ cell_id: result.cell_id });
    expect(refused).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED', message: expect.stringContaining('is being resumed by another process') });
    expect(refused.status === 'error' && refused.message).toContain('Nothing ran here and the cell is not lost: call wait on it again later');
    expect(made.effects()).toEqual([]);
    await made.store.releaseLease(lease);
    expect(resultOf(await made.wait({ cell_id: result.cell_id }))).toMatchObject({ status: 'completed', return_value: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(made.effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('resumes in a fresh CodeMode over the same store', async () => {
    const first = setup({ autoResume: false });
    const { result, approvals } = await suspendThreeWrites(first);
    await first.close();
    const second = setup({ autoResume: false, holder: 'the second process' });
    for (const approval of approvals) await second.durable.decide(approval.approval_id, { type: 'approve' });
    const resumed: unknown[] = [];
    second.codeMode.events.on('cell-resume', (event) => resumed.push(event));
    const done = await second.wait({ cell_id: result.cell_id });
    expect(resultOf(done)).toMatchObject({ status: 'completed', return_value: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(wireText(done.output.wire)).toContain(`Script completed in`);
    expect(resumed).toEqual([{ cellId: result.cell_id, execCallId: 'exec_1', scopeId: 'root' }]);
    expect(second.effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('a cell terminated while it runs here again after a resume is stored as terminated, not as failed', async () => {
    const made = setup({ autoResume: false });
    let entered = (): void => undefined;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    made.registry.register({
      kind: 'function',
      name: 'hold',
      description: 'Wait until cancelled.',
      inputSchema: { type: 'object' },
      execute: (_input, context) => (entered(), new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }))),
    });
    const suspended = resultOf(await made.exec("await tools.write_file({ path: 'a.txt' }); text('written'); await tools.hold({});"));
    for (const approval of suspended.pending_approvals ?? []) await made.durable.decide(approval.approval_id, { type: 'approve' });
    expect(resultOf(await made.wait({ cell_id: suspended.cell_id, yield_time_ms: 10 })).status).toBe('running');
    await holding;
    // What it printed went with the running answer or goes with this one, as the program reached it; the store keeps it all.
    expect(resultOf(await made.wait({ cell_id: suspended.cell_id, terminate: true })).status).toBe('terminated');
    const key = { scope: 'root', session: 'root', cell: suspended.cell_id };
    expect(await made.durable.read(key)).toMatchObject({ status: 'terminated', output: [expect.objectContaining({ text: 'written' })] });
    expect(await made.durable.read(key)).not.toHaveProperty('error');
    expect(made.effects()).toEqual(['a.txt']);
  });

  it('lists suspended cells from the store with their age, and terminate denies their approvals and ends them', async () => {
    let clock = Date.now();
    const made = setup({ autoResume: false, now: () => clock });
    const { result, approvals } = await suspendThreeWrites(made);
    clock += 90_000;
    const listed = await made.wait({ list: true });
    expect((listed.output.result.value as JsonObject)['cells']).toEqual([{ cellId: result.cell_id, state: 'suspended', ageMs: 90_000, pendingApprovals: 3 }]);
    expect(wireText(listed.output.wire)).toBe(`- cell ${result.cell_id}: suspended, 90 s old, waiting for 3 approvals`);
    const ended = await made.wait({ cell_id: result.cell_id, terminate: true });
    expect(resultOf(ended)).toMatchObject({ status: 'terminated', cell_id: result.cell_id, text: 'writing three files' });
    for (const approval of approvals) expect((await made.store.readDecision(approval.approval_id))?.decision).toEqual({ type: 'deny', reason: 'terminated' });
    expect(await made.durable.pending({ session: 'root' })).toEqual([]);
    expect(wireText((await made.wait({ list: true })).output.wire)).toBe('No live cells.');
    await expect(made.wait({ cell_id: result.cell_id, terminate: true })).resolves.toMatchObject({ status: 'error', code: 'EXECUTION_FAILED', message: expect.stringContaining('already terminated') });
    expect(made.effects()).toEqual([]);
  });
});

describe('auto-resume', () => {
  it('a decision through codeMode.durable.decide that completes the batch resumes the cell; the report comes as a cell-update', async () => {
    const made = setup();
    const { result, approvals } = await suspendThreeWrites(made);
    const updates: CellUpdateEvent[] = [];
    const ended = new Promise<CellUpdateEvent>((resolve) =>
      made.codeMode.events.on('cell-update', (event) => {
        updates.push(event);
        if (event.reasons.includes('end')) resolve(event);
      }),
    );
    await made.durable.decide(approvals[0]?.approval_id ?? '', { type: 'approve' });
    await made.durable.decide(approvals[1]?.approval_id ?? '', { type: 'approve' });
    expect(made.codeMode.listCells('root')).toEqual([]);
    await made.durable.decide(approvals[2]?.approval_id ?? '', { type: 'deny' });
    expect(await ended).toMatchObject({ cellId: result.cell_id, status: 'completed' });
    const delivery = await made.codeMode.takeCellReport({ scopeId: 'root', cellId: result.cell_id });
    expect(delivery?.report).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'DENIED'] });
    expect(made.effects()).toEqual(['a.txt', 'b.txt']);
  });
});
