// Issue 14: completion the model never polls. A cell nobody observes reports through
// `cell-update`; a blocking `wait` returns at a yield, an approval or the end (see
// wait-tool.test.ts); a cancelled `wait` loses nothing. Ordered by `hold` tools and
// events, never by racing timers.
import type { CallOutcome, JsonObject } from '@toolcell/core';
import { wireText } from '@toolcell/core';
import type { ApprovalDecision } from '@toolcell/executor';
import { describe, expect, it, vi } from 'vitest';
import type { CellUpdateEvent } from './code-mode-events.js';
import type { ExecOutputItem } from './exec-report.js';
import type { Harness } from './test-support/harness-per-test.js';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest({ cells: true });

const result = (outcome: CallOutcome) => outcome.output.result.value as JsonObject;
const cellOf = (outcome: CallOutcome) => String(result(outcome).cell_id);
const texts = (items: readonly ExecOutputItem[]) => items.flatMap((item) => (item.type === 'text' ? [item.text] : []));

/** Collects `cell-update` events; `until` resolves at the first event that matches. */
function updates(h: Harness) {
  const seen: CellUpdateEvent[] = [];
  const waiters: Array<{ match: (event: CellUpdateEvent) => boolean; resolve: (event: CellUpdateEvent) => void }> = [];
  h.codeMode.events.on('cell-update', (event) => {
    seen.push(event);
    for (const waiter of waiters.splice(0)) {
      if (waiter.match(event)) waiter.resolve(event);
      else waiters.push(waiter);
    }
  });
  return {
    seen,
    until: (match: (event: CellUpdateEvent) => boolean) =>
      new Promise<CellUpdateEvent>((resolve) => {
        const found = seen.find(match);
        if (found) resolve(found);
        else waiters.push({ match, resolve });
      }),
  };
}
const ended = (event: CellUpdateEvent) => event.reasons.includes('end');

const STEPS = `text('a'); yield_control(); await tools.hold({ key: '1' }); text('b'); await tools.hold({ key: '2' }); text('c'); return 'done';`;

describe('cell-update events', () => {
  it('carry exactly the new output of an unobserved cell, then its end; takeCellReport consumes it', async () => {
    const h = harness();
    const events = updates(h);
    const started = await h.exec(STEPS);
    expect(result(started)).toMatchObject({ status: 'running', text: 'a' });
    const cellId = cellOf(started);
    h.release('1');
    const first = await events.until((event) => event.output.length > 0);
    expect(first).toMatchObject({ cellId, scopeId: 'root', execCallId: 'exec_1', status: 'running', reasons: ['output'] });
    expect(texts(first.output)).toEqual(['b']);
    h.release('2');
    const last = await events.until(ended);
    expect(last).toMatchObject({ cellId, status: 'completed' });
    // No event repeats an item, and none carries what the exec already delivered.
    expect(events.seen.flatMap((event) => texts(event.output))).toEqual(['b', 'c']);
    const delivery = await h.codeMode.takeCellReport({ scopeId: 'root', cellId });
    expect(delivery?.report).toMatchObject({ status: 'completed', returnValue: 'done' });
    expect(texts(delivery?.report.output ?? [])).toEqual(['b', 'c']);
    expect(wireText(delivery!.output.wire)).toMatch(/^Script completed in \d+ ms \(cell \d+\)\.\nb\nc\nReturn value: "done"/);
    expect(result(await h.wait({ cell_id: cellId }))).toEqual({ status: 'missing', cell_id: cellId });
  });

  it('do not consume: without takeCellReport the next wait delivers everything since its last observation', async () => {
    const h = harness();
    const events = updates(h);
    const started = await h.exec(STEPS);
    h.release('1');
    h.release('2');
    await events.until(ended);
    const delivered = await h.wait({ cell_id: cellOf(started) });
    expect(result(delivered)).toMatchObject({ status: 'completed', text: 'b\nc', return_value: 'done' });
  });

  it('report notify and a failure of a cell nobody observes', async () => {
    const h = harness();
    const events = updates(h);
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'n' }); notify({ step: 1 }); await tools.hold({ key: 'f' }); throw new Error('broke');`);
    h.release('n');
    expect(await events.until((event) => event.reasons.includes('notify'))).toMatchObject({ notifications: [{ step: 1 }], status: 'running' });
    h.release('f');
    expect(await events.until(ended)).toMatchObject({ status: 'failed', code: 'EXEC_RUNTIME' });
    const delivery = await h.codeMode.takeCellReport({ scopeId: 'root', cellId: cellOf(started) });
    expect(delivery?.report.status).toBe('failed');
    expect(wireText(delivery!.output.wire)).toContain('Error EXEC_RUNTIME: Uncaught Error: broke');
  });

  it('are not emitted while a wait observes the cell: the wait gets the changes', async () => {
    const h = harness();
    const events = updates(h);
    const started = await h.exec(STEPS);
    const waiting = h.wait({ cell_id: cellOf(started), yield_time_ms: 600_000 });
    expect(await h.codeMode.takeCellReport({ scopeId: 'root', cellId: cellOf(started) })).toBeUndefined();
    h.release('1');
    h.release('2');
    expect(result(await waiting)).toMatchObject({ status: 'completed', text: 'b\nc', return_value: 'done' });
    expect(events.seen).toEqual([]);
  });
});

describe('approvals of a cell', () => {
  function pendingApprovals() {
    const decide: Array<(decision: ApprovalDecision) => void> = [];
    return { decide, ask: () => new Promise<ApprovalDecision>((resolve) => decide.push(resolve)) };
  }
  const WRITES = `yield_control(); await tools.hold({ key: 'w' }); await tools.write_file({ path: 'x.txt', content: 'y' }); return 'written';`;

  it('wake a blocking wait, which says which call waits', async () => {
    const approvals = pendingApprovals();
    const h = harness({ ask: approvals.ask });
    const started = await h.exec(WRITES);
    const waiting = h.wait({ cell_id: cellOf(started), yield_time_ms: 600_000 });
    h.release('w');
    const woken = await waiting;
    expect(result(woken)).toMatchObject({ status: 'running' });
    expect(wireText(woken.output.wire)).toMatch(/Note: The call exec_1:code:\d+ of "write_file" is waiting for the host's approval\./);
    approvals.decide[0]?.({ type: 'approve' });
    const done = await h.wait({ cell_id: cellOf(started), yield_time_ms: 600_000 });
    expect(result(done)).toMatchObject({ status: 'completed', return_value: 'written' });
  });

  it('become a cell-update when nobody observes the cell', async () => {
    const approvals = pendingApprovals();
    const h = harness({ ask: approvals.ask });
    const events = updates(h);
    const started = await h.exec(WRITES);
    h.release('w');
    const asked = await events.until((event) => event.reasons.includes('approval'));
    expect(asked).toMatchObject({ cellId: cellOf(started), status: 'running', approvals: [{ toolName: 'write_file', callId: expect.stringMatching(/^exec_1:code:/) }] });
    approvals.decide[0]?.({ type: 'approve' });
    expect(await events.until(ended)).toMatchObject({ status: 'completed', approvals: [] });
  });
});

describe('wait', () => {
  it('after a cancelled wait, the next wait is not busy and gets the output and completion produced since', async () => {
    const h = harness();
    const ends: string[] = [];
    h.codeMode.events.on('cell-end', (event) => ends.push(event.status));
    const started = await h.exec(`text('one'); yield_control(); await tools.hold({ key: 'c' }); text('two'); return 'end';`);
    const cellId = cellOf(started);
    const controller = new AbortController();
    const cancelled = h.wait({ cell_id: cellId, yield_time_ms: 600_000 }, { signal: controller.signal });
    // Abort only once the wait is observing (the host cannot take a report from an observed cell).
    await vi.waitFor(async () => expect(await h.codeMode.takeCellReport({ scopeId: 'root', cellId })).toBeUndefined());
    controller.abort();
    expect(await cancelled).toMatchObject({ status: 'error', code: 'ABORTED' });
    const cellEnded = new Promise<void>((resolve) => h.codeMode.events.on('cell-end', () => resolve()));
    h.release('c');
    await cellEnded;
    expect(ends).toEqual(['completed']);
    const next = await h.wait({ cell_id: cellId });
    expect(result(next)).toMatchObject({ status: 'completed', text: 'two', return_value: 'end' });
  });

  it('lists live cells with state, age and last output line', async () => {
    const h = harness();
    const started = await h.exec(`text('warming up\\nstep 3 of 10'); yield_control(); await tools.hold({ key: 'l' });`);
    const listed = await h.wait({ list: true });
    expect(result(listed)).toEqual({ status: 'list', cells: [{ cellId: cellOf(started), state: 'running', ageMs: expect.any(Number), lastOutputLine: 'step 3 of 10' }] });
    expect(wireText(listed.output.wire)).toMatch(new RegExp(`^- cell ${cellOf(started)}: running, \\d+ s old, last output: "step 3 of 10"$`));
    const waitDescription = h.registry.wireView(h.registry.root).find((tool) => tool.name === 'wait')?.description;
    expect(waitDescription).toContain('With list: true (no cell_id), list the live cells');
    expect(waitDescription).not.toContain('you will be told');
    const missingId = await h.wait({});
    expect(missingId).toMatchObject({ status: 'error', code: 'INVALID_ARGS' });
  });

  it('tells the model it need not wait when the host pushes cell news', async () => {
    const h = harness({ cells: { pushCompletion: true } });
    const waitDescription = h.registry.wireView(h.registry.root).find((tool) => tool.name === 'wait')?.description;
    expect(waitDescription).toContain('You need not wait: end your turn or do other work, and you will be told when a cell has news.');
  });

  it('a completed but unobserved cell holds no live-cell slot, and keeps its result for the next wait', async () => {
    const h = harness({ cells: { maxLiveCells: 1 } });
    const first = await h.exec(`// @exec: {"yield_time_ms": 10}\nawait tools.hold({ key: 'slot' }); return 'kept';`);
    expect(result(first)).toMatchObject({ status: 'running' });
    const refused = await h.exec('return 1');
    expect(refused).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED' });
    expect(wireText(refused.output.wire)).toContain(`- cell ${cellOf(first)}: running`);
    const cellEnded = new Promise<void>((resolve) => h.codeMode.events.on('cell-end', () => resolve()));
    h.release('slot');
    await cellEnded;
    const second = await h.exec('return 2');
    expect(result(second)).toMatchObject({ status: 'completed', return_value: 2 });
    const kept = await h.wait({ cell_id: cellOf(first) });
    expect(result(kept)).toMatchObject({ status: 'completed', return_value: 'kept' });
  });
});
