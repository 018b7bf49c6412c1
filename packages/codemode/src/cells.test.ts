// Cells (issue 7), through the real sandbox: yield, wait, terminate, stored values, shutdown.
import type { CallOutcome, JsonObject } from '@toolcell/core';
import { wireText } from '@toolcell/core';
import { createChildProcessTransport } from '@toolcell/sandbox/node';
import { describe, expect, it, vi } from 'vitest';
import type { CellEventBase } from './code-mode-events.js';
import type { Harness } from './test-support/harness-per-test.js';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest({ cells: true });

const text = (outcome: CallOutcome) => wireText(outcome.output.wire);

/** Resolves when the cell's program has ended, however long a loaded machine takes. */
function cellEnded(h: Harness, cellId: string): Promise<string> {
  return new Promise((resolve) => {
    h.codeMode.events.on('cell-end', (event) => {
      if (event.cellId === cellId) resolve(event.status);
    });
  });
}
const result = (outcome: CallOutcome) => outcome.output.result.value as JsonObject;
const cellOf = (outcome: CallOutcome) => String(result(outcome).cell_id);

describe('cells', () => {
  it('yields, then two waits see disjoint output, then the completion', async () => {
    const h = harness();
    const started = await h.exec(`text('first'); yield_control(); await tools.hold({ key: 'a' }); text('second'); yield_control(); await tools.hold({ key: 'b' }); return 'done';`);
    expect(result(started)).toMatchObject({ status: 'running', text: 'first' });
    expect(text(started)).toMatch(/^Script running, cell \d+/);
    const cellId = cellOf(started);
    const secondWait = h.wait({ cell_id: cellId });
    h.release('a');
    expect(result(await secondWait)).toMatchObject({ status: 'running', text: 'second' });
    h.release('b');
    const third = await h.wait({ cell_id: cellId });
    expect(result(third)).toMatchObject({ status: 'completed', text: '', return_value: 'done' });
    const after = await h.wait({ cell_id: cellId });
    expect(result(after)).toEqual({ status: 'missing', cell_id: cellId });
  });

  it('returns early after yield_time_ms and keeps a completion for the next wait', async () => {
    const h = harness();
    const ends: string[] = [];
    h.codeMode.events.on('cell-end', (event) => ends.push(`${event.cellId}:${event.status}`));
    const started = await h.exec(`// @exec: {"yield_time_ms": 20}\nawait tools.hold({ key: 'late' }); text('late'); return 7;`);
    expect(result(started)).toMatchObject({ status: 'running', text: '' });
    const cellId = cellOf(started);
    h.release('late');
    await vi.waitFor(() => expect(ends).toEqual([`${cellId}:completed`]), { timeout: 10_000 });
    const delivered = await h.wait({ cell_id: cellId });
    expect(result(delivered)).toMatchObject({ status: 'completed', text: 'late', return_value: 7 });
  });

  it('terminates a running cell with its buffered output, then refuses a second terminate', async () => {
    const h = harness();
    const started = await h.exec(`text('so far'); yield_control(); text('buffered'); await tools.hold({ key: 'never' });`);
    const cellId = cellOf(started);
    expect(result(started)).toMatchObject({ status: 'running', text: 'so far' });
    const terminated = await h.wait({ cell_id: cellId, terminate: true });
    expect(result(terminated)).toMatchObject({ status: 'terminated', text: 'buffered' });
    expect(text(terminated)).toMatch(/^Script terminated after/);
    const again = await h.wait({ cell_id: cellId, terminate: true });
    expect(again).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED' });
    expect(text(again)).toContain(`Cell "${cellId}" was already terminated`);
  });

  it('terminate of a completed but unobserved cell returns the completion; of an unknown cell, missing', async () => {
    const h = harness();
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'finish' }); return 'finished';`);
    const ended = cellEnded(h, cellOf(started));
    h.release('finish');
    expect(await ended).toBe('completed');
    const terminated = await h.wait({ cell_id: cellOf(started), terminate: true });
    expect(result(terminated)).toMatchObject({ status: 'completed', return_value: 'finished' });
    const unknown = await h.wait({ cell_id: 'nope', terminate: true });
    expect(result(unknown)).toEqual({ status: 'missing', cell_id: 'nope' });
  });

  it('gives a second concurrent wait a clear busy error', async () => {
    const h = harness();
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'end' }); return 1;`);
    const cellId = cellOf(started);
    const first = h.wait({ cell_id: cellId, yield_time_ms: 60_000 });
    const second = await h.wait({ cell_id: cellId });
    expect(second).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED' });
    expect(text(second)).toContain(`cell ${cellId} is already being observed`);
    h.release('end');
    expect(result(await first)).toMatchObject({ status: 'completed', return_value: 1 });
  });

  it('isolates stored values between concurrent cells and merges per key after both complete', async () => {
    const h = harness();
    // Cell one holds at the gate until cell two has completed and committed, so the order
    // of the commits is fixed by the work, not by timers.
    const one = await h.exec(`// @exec: {"yield_time_ms": 10}\nstore('a', 1); store('shared', 'one'); await tools.gate({}); return load('b') ?? 'unset';`);
    expect(result(one)).toMatchObject({ status: 'running' });
    const two = await h.exec(`store('b', 2); store('shared', 'two'); return [load('a') ?? null, load('b')];`);
    expect(result(two)).toMatchObject({ status: 'completed', return_value: [null, 2] });
    expect(h.codeMode.storedValue('shared')).toBe('two');
    h.openGate();
    const oneDone = await h.wait({ cell_id: cellOf(one) });
    expect(result(oneDone)).toMatchObject({ status: 'completed', return_value: 'unset' });
    const reader = await h.exec(`return [load('a'), load('b'), load('shared')];`);
    expect(result(reader)).toMatchObject({ return_value: [1, 2, 'one'] });
  });

  it('commits on a thrown error but not on terminate, and never on yield', async () => {
    const h = harness();
    const thrown = await h.exec(`store('kept', true); throw new Error('after storing');`);
    expect(thrown).toMatchObject({ status: 'error', code: 'EXEC_RUNTIME' });
    expect(h.codeMode.storedValue('kept')).toBe(true);
    const yielded = await h.exec(`// @exec: {"yield_time_ms": 10}\nstore('dropped', 1); yield_control(); await tools.hold({ key: 'never' });`);
    expect(h.codeMode.storedValue('dropped')).toBeUndefined();
    await h.wait({ cell_id: cellOf(yielded), terminate: true });
    expect(h.codeMode.storedValue('dropped')).toBeUndefined();
  });

  it.each([
    ['EXEC_OUTPUT_LIMIT', `store('k', 'lost'); text('x'.repeat(200_000));`],
    ['EXEC_MEMORY', `store('k', 'lost'); const hog = []; while (true) hog.push(new Array(1 << 18).fill(hog.length));`],
    ['EXEC_STACK', `store('k', 'lost'); const deeper = (n) => deeper(n + 1) + 1; deeper(0);`],
  ])('a cell that ends on %s commits no stored values', async (code, program) => {
    // A small heap, so the memory case ends on memory long before the CPU budget.
    const h = harness({ limits: { memoryBytes: 8 * 1024 * 1024 } });
    const outcome = await h.exec(program);
    expect(outcome).toMatchObject({ status: 'error', code });
    expect(h.codeMode.storedValue('k')).toBeUndefined();
    const reader = await h.exec(`return load('k') ?? null;`);
    expect(result(reader)).toMatchObject({ return_value: null });
  });

  it('refuses values that are not JSON-safe with a clear guest error', async () => {
    const h = harness();
    const outcome = await h.exec(`try { store('f', () => 1); return 'stored'; } catch (error) { return String(error.message); }`);
    expect(String(result(outcome).return_value)).toMatch(/JSON/);
  });

  it('caps the bytes of stored values with a clear guest error', async () => {
    const h = harness({ limits: { maxStoredBytes: 32 } });
    const outcome = await h.exec(`store('small', 1); try { store('big', 'x'.repeat(100)); } catch (error) { return error.message; }`);
    expect(String(result(outcome).return_value)).toContain('over the limit of 32; store less or reuse keys');
    expect(h.codeMode.storedValue('small')).toBe(1);
    expect(h.codeMode.storedValue('big')).toBeUndefined();
  });

  it('sends notify to the host, not to the output', async () => {
    const h = harness();
    const notes: Array<CellEventBase & { value: unknown }> = [];
    h.codeMode.events.on('cell-notify', (event) => notes.push(event));
    const outcome = await h.exec(`notify({ progress: 50 }); return 'ok';`);
    expect(notes).toEqual([expect.objectContaining({ value: { progress: 50 }, execCallId: 'exec_1' })]);
    expect(text(outcome)).not.toContain('progress');
  });

  it('hands hook context from calls made while yielded to the next wait, once', async () => {
    const h = harness();
    h.runtime.onPostExecute((call) => (call.toolName === 'get_context_remaining' ? { modelContext: 'running low' } : undefined));
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'go' }); await tools.get_context_remaining({}); return 1;`);
    expect(text(started)).not.toContain('running low');
    h.release('go');
    const done = await h.wait({ cell_id: cellOf(started) });
    expect(text(done).match(/Note: running low/g)).toHaveLength(1);
  });

  it('runs no pre/post hooks for wait itself', async () => {
    const h = harness();
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'end' }); return 1;`);
    h.release('end');
    expect(result(await h.wait({ cell_id: cellOf(started) }))).toMatchObject({ status: 'completed', return_value: 1 });
    expect(h.preExecute.map((call) => call.toolName)).not.toContain('wait');
  });

  it('lets the host hold calls from an unobserved cell', async () => {
    const held: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The `hold` tool orders the program after exec's return; only the call after it is held.
    const h = harness({ cells: { onUnobservedCall: async (call) => { if (call.toolName === 'hold') return; held.push(call.toolName); await gate; } } });
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'go' }); const r = await tools.get_context_remaining({}); return r.tokens_left;`);
    h.release('go');
    await vi.waitFor(() => expect(held).toEqual(['get_context_remaining']), { timeout: 10_000 });
    expect(h.preExecute.filter((call) => call.nested && call.toolName !== 'hold')).toHaveLength(0);
    release();
    const done = await h.wait({ cell_id: cellOf(started) });
    expect(result(done)).toMatchObject({ status: 'completed', return_value: 9000 });
  });

  it('shuts down with a CPU-bound cell, then refuses new programs', async () => {
    // A CPU-bound guest blocks the thread it runs on: this needs the child-process transport.
    const h = harness({ transport: createChildProcessTransport({ pool: { size: 1 } }) });
    const started = await h.exec(`// @exec: {"yield_time_ms": 20}\nwhile (true) {}`);
    expect(result(started)).toMatchObject({ status: 'running' });
    await h.codeMode.shutdown();
    const later = await h.exec('return 1');
    expect(later).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED' });
    expect(text(later)).toContain('shutting down');
  });

  it('limits live cells', async () => {
    const h = harness({ cells: { maxLiveCells: 1 } });
    await h.exec(`// @exec: {"yield_time_ms": 10}\nawait tools.hold({ key: 'never' });`);
    const refused = await h.exec('return 1');
    expect(refused).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED' });
    expect(text(refused)).toContain('1 cells are running (the limit is 1)');
    expect(text(refused)).toMatch(/- cell \d+: running, \d+ s old, no output yet/);
  });

  it('declares nothing of cells when they are off', async () => {
    const h = harness({ cells: false });
    expect(h.registry.wireView(h.registry.root).map((declaration) => declaration.name)).not.toContain('wait');
    const outcome = await h.exec(`return [typeof store, typeof load, typeof yield_control, typeof notify];`);
    expect(result(outcome)).toMatchObject({ return_value: ['undefined', 'undefined', 'undefined', 'undefined'] });
    const wait = await h.wait({ cell_id: '1' });
    expect(wait).toMatchObject({ status: 'error', code: 'UNKNOWN_TOOL' });
  });
});
