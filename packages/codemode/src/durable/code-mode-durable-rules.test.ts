// What cells mean in a durable exec (issue 32): stored values live in the store and keep
// their commit rules across a suspension; yield_control and notify work in every round;
// expired cells answer DURABLE_CELL_EXPIRED and are swept (on an injected clock); the
// `durable` option refuses what cannot work.
import { join } from 'node:path';
import type { JsonValue } from '@toolcell/core';
import { ConfigurationError, wireText } from '@toolcell/core';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { describe, expect, it } from 'vitest';
import { CodeMode } from '../code-mode.js';
import type { CellUpdateEvent } from '../code-mode-events.js';
import { durablePerTest } from '../test-support/durable-per-test.js';
import { TEST_KEYS, resultOf } from '../test-support/durable-setup.js';
import { DurableCellError } from './durable-cell-error.js';

const durable = durablePerTest('toolcell-code-mode-durable-rules-');
const setup = durable.codeModeSetup;

const VALUES_KEY = { scope: '~session-values', session: 'root', cell: 'values' };

async function storedValues(made: ReturnType<typeof setup>): Promise<JsonValue | undefined> {
  return (await made.store.readCell(VALUES_KEY))?.state;
}

/** The next `cell-update` of a cell that matches. */
function nextUpdate(made: ReturnType<typeof setup>, matches: (event: CellUpdateEvent) => boolean): Promise<CellUpdateEvent> {
  return new Promise((resolve) => {
    const listener = (event: CellUpdateEvent): void => {
      if (!matches(event)) return;
      made.codeMode.events.off('cell-update', listener);
      resolve(event);
    };
    made.codeMode.events.on('cell-update', listener);
  });
}

describe('stored values of a durable session', () => {
  it('live in the store: writes before a suspension are kept with it and commit when the resumed cell completes, in another CodeMode', async () => {
    const first = setup({ autoResume: false });
    expect(resultOf(await first.exec("store('before', 1); return 'ok'"))).toMatchObject({ status: 'completed' });
    expect(await storedValues(first)).toEqual({ values: { before: 1 } });
    const suspended = resultOf(await first.exec("store('step', load('before') + 1); const written = (await tools.write_file({ path: 'v.txt' })).written; store('after', written); return [load('step'), load('after')];"));
    expect(suspended.status).toBe('awaiting_approval');
    // Nothing commits while the cell waits.
    expect(await storedValues(first)).toEqual({ values: { before: 1 } });

    const second = setup({ autoResume: false, holder: 'the second process' });
    await second.durable.decide(suspended.pending_approvals?.[0]?.approval_id ?? '', { type: 'approve' });
    expect(resultOf(await second.wait({ cell_id: suspended.cell_id }))).toMatchObject({ status: 'completed', return_value: [2, 'v.txt'] });
    expect(await storedValues(second)).toEqual({ values: { before: 1, step: 2, after: 'v.txt' } });
    expect(second.codeMode.storedValue('after')).toBe('v.txt');
    // The first process's next cell starts from the store's values.
    expect(resultOf(await first.exec("return [load('before'), load('step'), load('after')]"))).toMatchObject({ return_value: [1, 2, 'v.txt'] });
  });

  it('a cell terminated while suspended commits nothing', async () => {
    const made = setup({ autoResume: false });
    const suspended = resultOf(await made.exec("store('never', true); await tools.write_file({ path: 't.txt' }); return 'unreached'"));
    expect(resultOf(await made.wait({ cell_id: suspended.cell_id, terminate: true })).status).toBe('terminated');
    expect(await storedValues(made)).toBeUndefined();
    expect(resultOf(await made.exec("return load('never') ?? 'absent'")).return_value).toBe('absent');
  });
});

describe('yield_control and notify in a durable cell', () => {
  it('work before a suspension and after the resume; a cell that suspends unobserved is pushed as awaiting_approval', async () => {
    const made = setup();
    const notified: JsonValue[] = [];
    made.codeMode.events.on('cell-notify', (event) => notified.push(event.value));
    const suspendedUpdate = nextUpdate(made, (event) => event.status === 'awaiting_approval');
    const first = resultOf(await made.exec("notify({ step: 1 }); text('first'); yield_control(); const written = (await tools.write_file({ path: 'y.txt' })).written; notify('after'); text('second'); return written;"));
    expect(first).toMatchObject({ status: 'running', text: 'first' });
    const update = await suspendedUpdate;
    expect(update).toMatchObject({ cellId: first.cell_id, reasons: ['approval'], pendingApprovals: [{ toolName: 'write_file', args: 'path: "y.txt"', cellId: first.cell_id }] });
    expect(made.codeMode.listCells('root')).toEqual([expect.objectContaining({ cellId: first.cell_id, state: 'suspended', pendingApprovals: 1 })]);
    // Listed once: live here, and in the store.
    expect(wireText((await made.wait({ list: true })).output.wire)).toMatch(new RegExp(`^- cell ${first.cell_id}: suspended, \\d+ s old, waiting for 1 approval$`));
    const waiting = await made.codeMode.takeCellReport({ scopeId: 'root', cellId: first.cell_id });
    expect(waiting?.report).toMatchObject({ status: 'awaiting_approval', pendingApprovals: [{ toolName: 'write_file' }] });
    expect(waiting?.output.result.value).toMatchObject({ status: 'awaiting_approval', pending_approvals: [{ tool_name: 'write_file' }] });

    const ended = nextUpdate(made, (event) => event.reasons.includes('end'));
    await made.durable.decide(update.pendingApprovals?.[0]?.approvalId ?? '', { type: 'approve' });
    expect(await ended).toMatchObject({ status: 'completed' });
    const done = await made.codeMode.takeCellReport({ scopeId: 'root', cellId: first.cell_id });
    expect(done?.report).toMatchObject({ status: 'completed', returnValue: 'y.txt', output: [{ type: 'text', text: 'second' }] });
    expect(notified).toEqual([{ step: 1 }, 'after']);
    expect(made.effects()).toEqual(['y.txt']);
  });
});

describe('a cell suspended while nobody observed it', () => {
  it('wait answers how the store has it now: undecided approvals with what it printed unobserved, then the resumed end', async () => {
    const made = setup({ autoResume: false });
    const suspendedUpdate = nextUpdate(made, (event) => event.status === 'awaiting_approval');
    const first = resultOf(await made.exec("text('first'); yield_control(); text('unobserved'); const [a, b] = await Promise.all([tools.write_file({ path: 'p.txt' }), tools.write_file({ path: 'q.txt' })]); text('after'); return [a.written, b.written];"));
    expect(first).toMatchObject({ status: 'running', text: 'first' });
    const [p, q] = (await suspendedUpdate).pendingApprovals ?? [];
    await made.durable.decide(p?.approvalId ?? '', { type: 'approve' });
    const partly = resultOf(await made.wait({ cell_id: first.cell_id }));
    expect(partly).toMatchObject({ status: 'awaiting_approval', text: 'unobserved' });
    expect(partly.pending_approvals?.map((approval) => approval.approval_id)).toEqual([q?.approvalId]);
    await made.durable.decide(q?.approvalId ?? '', { type: 'approve' });
    expect(resultOf(await made.wait({ cell_id: first.cell_id }))).toMatchObject({ status: 'completed', text: 'after', return_value: ['p.txt', 'q.txt'] });
    expect(made.effects()).toEqual(['p.txt', 'q.txt']);
  });

  it('a wait after its whole batch was decided elsewhere resumes it at once, with what it printed unobserved', async () => {
    const made = setup({ autoResume: false });
    const suspendedUpdate = nextUpdate(made, (event) => event.status === 'awaiting_approval');
    const first = resultOf(await made.exec("text('first'); yield_control(); text('unobserved'); const written = (await tools.write_file({ path: 'z.txt' })).written; text('after'); return written;"));
    const [approval] = (await suspendedUpdate).pendingApprovals ?? [];
    await made.durable.decide(approval?.approvalId ?? '', { type: 'approve' });
    expect(resultOf(await made.wait({ cell_id: first.cell_id }))).toMatchObject({ status: 'completed', text: 'unobserved\nafter', return_value: 'z.txt' });
    expect(made.effects()).toEqual(['z.txt']);
  });
});

describe('a program that cannot be suspended', () => {
  it('has its parked calls refused DENIED with the reason, and goes on in this process; nothing is stored', async () => {
    const made = setup({ limits: { maxSnapshotBytes: 1024 } });
    const outcome = await made.exec("try { await tools.write_file({ path: 'big.txt' }); return 'wrote'; } catch (error) { text(error.message); return error.code; }");
    const result = resultOf(outcome);
    expect(result).toMatchObject({ status: 'completed', return_value: 'DENIED' });
    expect(result.text).toMatch(/^"write_file" needs an approval decided later, but the program was not suspended: its sealed snapshot would be \d+ bytes, over maxSnapshotBytes \(1024\)\. Keep less data/);
    expect(made.effects()).toEqual([]);
    expect(await made.store.listCells({})).toEqual([]);
  });
});

describe('expiry', () => {
  it('an expired cell answers DURABLE_CELL_EXPIRED, its approvals refuse decisions, and the sweep removes it', async () => {
    let now = Date.now();
    const made = setup({ autoResume: false, now: () => now, ttlMs: 60_000, sweepIntervalMs: 10 * 60_000 });
    const suspended = resultOf(await made.exec("return (await tools.write_file({ path: 'e.txt' })).written"));
    const key = { scope: 'root', session: 'root', cell: suspended.cell_id };
    now += 2 * 60_000;
    await expect(made.durable.decide(suspended.pending_approvals?.[0]?.approval_id ?? '', { type: 'approve' })).rejects.toMatchObject({ code: 'STORE_EXPIRED' });
    const waited = await made.wait({ cell_id: suspended.cell_id });
    expect(waited).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED', message: expect.stringMatching(/^DURABLE_CELL_EXPIRED: Durable cell "\w+" expired at .+; its program cannot go on\. Run it again\.$/) });
    const error = await made.durable.resume(key).catch((caught: unknown) => caught);
    expect(DurableCellError.isInstance(error) && error.code).toBe('DURABLE_CELL_EXPIRED');
    expect(await made.store.readCell(key)).toBeDefined();
    // The first exec swept; the next sweep is due ten minutes later, at the next exec.
    now += 10 * 60_000;
    expect(resultOf(await made.exec('return 1')).status).toBe('completed');
    expect(await made.store.readCell(key)).toBeUndefined();
    expect((await made.wait({ cell_id: suspended.cell_id })).output.result.value).toEqual({ status: 'missing', cell_id: suspended.cell_id });
    expect(made.effects()).toEqual([]);
  });
});

describe('the durable option', () => {
  function parts() {
    const registry = new ToolRegistry({ mode: 'code_mode' });
    const runtime = new ToolRuntime({ registry });
    const transport = createInProcessTransport();
    const store = new FileDurableStore({ directory: join(durable.directory, 'store') });
    return { registry, runtime, transport, durable: { store, keys: TEST_KEYS } };
  }

  it('needs cells, a transport that runs durable programs and a runtime that cancels', async () => {
    const { registry, runtime, transport, durable } = parts();
    const refusal = (build: () => unknown): unknown => {
      try {
        build();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const withoutCells = refusal(() => new CodeMode({ registry, runtime, transport, durable }));
    expect(ConfigurationError.isInstance(withoutCells) && withoutCells.setting).toBe('codeMode.durable');
    expect((withoutCells as Error).message).toContain('needs cells');
    const plainTransport = { run: transport.run.bind(transport), resolveLimits: transport.resolveLimits.bind(transport), close: transport.close.bind(transport) };
    expect((refusal(() => new CodeMode({ registry, runtime, transport: plainTransport, cells: true, durable })) as Error).message).toContain('needs a transport that runs durable programs');
    const plainRuntime = { dispatchBatch: runtime.dispatchBatch.bind(runtime) };
    expect((refusal(() => new CodeMode({ registry, runtime: plainRuntime, transport, cells: true, durable })) as Error).message).toContain('needs a runtime with cancel');
    expect(new CodeMode({ registry, runtime, transport, cells: true }).durable).toBeUndefined();
    await transport.close();
  });
});
