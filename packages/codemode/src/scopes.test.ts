// Issue 14: each scope has its own code-mode session. Through the real executor, a root
// scope and a subagent scope whose nested allowlist holds only `read_file`.
import type { CallOutcome, JsonObject } from '@toolcell/core';
import { wireText } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import { createInProcessTransport } from '@toolcell/sandbox';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CodeMode } from './code-mode.js';
import type { CellUpdateEvent } from './code-mode-events.js';
import type { Harness } from './test-support/harness-per-test.js';
import { harnessPerTest } from './test-support/harness-per-test.js';

const harness = harnessPerTest({ cells: true });

const result = (outcome: CallOutcome) => outcome.output.result.value as JsonObject;
const text = (outcome: CallOutcome) => wireText(outcome.output.wire);
const subagent = (h: Harness) => h.registry.createScope({ id: 'sub', nestedAllow: ['read_file'] });

describe('scopes and cells', () => {
  it('a subagent cannot load a value the root stored from a secret tool, nor overwrite it', async () => {
    const h = harness();
    const sub = subagent(h);
    const stored = await h.exec(`const secret = await tools.get_context_remaining({}); store('secret', secret.tokens_left); return 'stored';`);
    expect(result(stored)).toMatchObject({ status: 'completed' });
    const peek = await h.exec(`return load('secret') ?? null;`, { scope: sub });
    expect(result(peek)).toMatchObject({ status: 'completed', return_value: null });
    const forged = await h.exec(`store('secret', 'forged'); return (await tools.read_file({ path: 'a.txt' })).content;`, { scope: sub });
    expect(result(forged)).toMatchObject({ status: 'completed', return_value: 'alpha' });
    const reread = await h.exec(`return load('secret');`);
    expect(result(reread)).toMatchObject({ return_value: 9000 });
    expect(h.codeMode.storedValue('secret')).toBe(9000);
    expect(h.codeMode.storedValue('secret', 'sub')).toBe('forged');
  });

  it("a subagent that forges the root's cell id gets missing, exactly as for an unknown cell, and cannot end it", async () => {
    const h = harness();
    const sub = subagent(h);
    const started = await h.exec(`text('root only'); yield_control(); await tools.hold({ key: 'root' }); text('after'); return 'root done';`);
    expect(result(started)).toMatchObject({ status: 'running', text: 'root only' });
    const rootCell = String(result(started).cell_id);
    const unknownCell = '999';
    const forgedWait = await h.wait({ cell_id: rootCell }, { scope: sub });
    const unknownWait = await h.wait({ cell_id: unknownCell }, { scope: sub });
    expect(result(forgedWait)).toEqual({ status: 'missing', cell_id: rootCell });
    expect(text(forgedWait)).toBe(text(unknownWait).replace(unknownCell, rootCell));
    const forgedTerminate = await h.wait({ cell_id: rootCell, terminate: true }, { scope: sub });
    expect(result(forgedTerminate)).toEqual({ status: 'missing', cell_id: rootCell });
    const listed = await h.wait({ list: true }, { scope: sub });
    expect(result(listed)).toEqual({ status: 'list', cells: [] });
    expect(await h.codeMode.takeCellReport({ scopeId: 'sub', cellId: rootCell })).toBeUndefined();
    // The root's cell kept running and lost nothing to the forged observations.
    const ended = new Promise<void>((resolve) => h.codeMode.events.on('cell-end', () => resolve()));
    h.release('root');
    await ended;
    const done = await h.wait({ cell_id: rootCell });
    expect(result(done)).toMatchObject({ status: 'completed', text: 'after', return_value: 'root done' });
  });

  it("a root cell's terminate is not reported to a subagent as 'already terminated'", async () => {
    const h = harness();
    const sub = subagent(h);
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'never' });`);
    const rootCell = String(result(started).cell_id);
    expect(result(await h.wait({ cell_id: rootCell, terminate: true }))).toMatchObject({ status: 'terminated' });
    expect(text(await h.wait({ cell_id: rootCell, terminate: true }))).toContain('already terminated');
    const forged = await h.wait({ cell_id: rootCell, terminate: true }, { scope: sub });
    expect(result(forged)).toEqual({ status: 'missing', cell_id: rootCell });
  });

  it("events carry the cell's scope, and cell ids are unique across scopes", async () => {
    const h = harness();
    const sub = subagent(h);
    const updates: CellUpdateEvent[] = [];
    h.codeMode.events.on('cell-update', (event) => updates.push(event));
    const inRoot = await h.exec(`yield_control(); await tools.hold({ key: 'r' }); return 1;`);
    const inSub = await h.exec(`yield_control(); return (await tools.read_file({ path: 'b.txt' })).content;`, { scope: sub });
    expect(result(inRoot).cell_id).not.toBe(result(inSub).cell_id);
    const subDone = await h.wait({ cell_id: String(result(inSub).cell_id) }, { scope: sub });
    expect(result(subDone)).toMatchObject({ status: 'completed', return_value: 'beta' });
    const ended = new Promise<CellUpdateEvent>((resolve) => h.codeMode.events.on('cell-update', (event) => event.reasons.includes('end') && resolve(event)));
    h.release('r');
    expect(await ended).toMatchObject({ scopeId: 'root', cellId: result(inRoot).cell_id, status: 'completed' });
    expect(h.codeMode.listCells('sub')).toEqual([]);
    expect(h.codeMode.listCells('root')).toEqual([expect.objectContaining({ cellId: result(inRoot).cell_id, state: 'ended' })]);
  });

  it('shares cells and stored values between scopes only when the host maps them to one session', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only' });
    registry.register({ kind: 'function', name: 'read_file', description: 'Read.', inputSchema: { type: 'object' }, readOnly: true, execute: () => ({ result: { projection: 'typed', value: 'x' }, wire: { projection: 'wire', content: [] } }) });
    const runtime = new ToolRuntime({ registry });
    const transport = createInProcessTransport();
    const codeMode = new CodeMode({ registry, runtime, transport, cells: true, sessionKey: (scope) => (scope.id === 'helper' ? 'root' : scope.id) });
    codeMode.install();
    onTestFinished(async () => {
      await codeMode.shutdown();
      await transport.close();
    });
    const helper = registry.createScope({ id: 'helper', nestedAllow: ['read_file'] });
    const other = registry.createScope({ id: 'other', nestedAllow: ['read_file'] });
    const exec = (code: string, scope = registry.root) => runtime.dispatch({ name: 'exec', args: code, callId: `exec_${scope.id}`, scope });
    await exec(`store('shared', 'from root'); return 1;`);
    const fromHelper = await exec(`return load('shared') ?? null;`, helper);
    const fromOther = await exec(`return load('shared') ?? null;`, other);
    expect(result(fromHelper)).toMatchObject({ return_value: 'from root' });
    expect(result(fromOther)).toMatchObject({ return_value: null });
  });
});

describe('dropping a scope', () => {
  it("ends its session: its running cell is terminated and its stored values go; the root's session stays", async () => {
    const h = harness();
    const sub = h.registry.createScope({ id: 'worker', nestedAllow: ['hold'] });
    await h.exec(`store('kept', 1); return 'root';`);
    await h.exec(`store('gone', 2); return 'sub';`, { scope: sub });
    const started = await h.exec(`yield_control(); await tools.hold({ key: 'never' });`, { scope: sub });
    const cellId = String(result(started).cell_id);
    const ended = new Promise<string>((resolve) => h.codeMode.events.on('cell-end', (event) => event.cellId === cellId && resolve(event.status)));
    expect(h.registry.dropScope('worker')).toBe(true);
    await expect(ended).resolves.toBe('terminated');
    h.registry.createScope({ id: 'worker' });
    expect(h.codeMode.storedValue('gone', 'worker')).toBeUndefined();
    expect(h.codeMode.listCells('worker')).toEqual([]);
    expect(h.codeMode.storedValue('kept')).toBe(1);
  });
});
