// call-start → call-resolve → (call-denied) → call-end, with ids, canonical names,
// sources, timings and codes.
import { jsonOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countingTool, setup } from './test-support/fixtures.js';
import { ToolRuntime } from './tool-runtime.js';

afterEach(() => {
  vi.useRealTimers();
});

function record(runtime: ToolRuntime): Array<[string, Record<string, unknown>]> {
  const seen: Array<[string, Record<string, unknown>]> = [];
  for (const name of ['call-start', 'call-resolve', 'call-denied', 'call-end'] as const) {
    runtime.events.on(name, (event: object) => seen.push([name, { ...event }]));
  }
  return seen;
}

describe('call events', () => {
  it('follow a successful call in order, with timings', async () => {
    const { registry, runtime } = setup('code_mode');
    const seen = record(runtime);
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(seen.map(([name]) => name)).toEqual(['call-start', 'call-resolve', 'call-end']);
    const base = { callId: 'c1', toolName: 'read_file', source: { type: 'model' }, scopeId: 'root', parentCallId: undefined };
    expect(seen[1]?.[1]).toMatchObject({ ...base, resolution: 'callable', executionMode: 'parallel' });
    const end = seen[2]?.[1] ?? {};
    expect(end).toMatchObject({ ...base, status: 'ok', code: undefined, message: undefined });
    expect(end['startedAt']).toBeCloseTo((end['at'] as number) - (end['durationMs'] as number), 6);
    expect(Math.abs((end['at'] as number) - Date.now())).toBeLessThan(60_000);
  });

  it('time the approval and the execution on the clock the call ran on', async () => {
    // The clock moves only when the approval and the tool say so: 15 ms asking, 40 ms running.
    vi.useFakeTimers({ toFake: ['performance'] });
    vi.advanceTimersByTime(1000); // a fake clock starts at 0, which the records use as "not yet"
    const registry = new ToolRegistry({ mode: 'direct' });
    const slow = countingTool('slow', { needsApproval: true, execute: async () => { vi.advanceTimersByTime(40); return jsonOutput('done'); } });
    registry.register(slow);
    const runtime = new ToolRuntime({ registry, approval: { ask: async () => { vi.advanceTimersByTime(15); return { type: 'approve' }; } } });
    const seen = record(runtime);
    await runtime.dispatch({ name: 'slow', args: {}, callId: 'c1', scope: registry.root });
    const end = seen.find(([name]) => name === 'call-end')?.[1];
    expect(end).toMatchObject({ status: 'ok', durationMs: 55, waitMs: 0, executeMs: 40 });
    expect(end?.['startedAt']).toBe((end?.['at'] as number) - 55);
  });

  it('report a refusal at resolve as call-denied before call-end, failing closed to exclusive', async () => {
    const { registry, runtime } = setup('code_mode_only');
    const seen = record(runtime);
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(seen.map(([name]) => name)).toEqual(['call-start', 'call-resolve', 'call-denied', 'call-end']);
    expect(seen[1]?.[1]).toMatchObject({ resolution: 'collapsed', executionMode: 'exclusive' });
    expect(seen[2]?.[1]).toMatchObject({ stage: 'resolve', code: 'UNKNOWN_TOOL', message: expect.stringContaining('tools.read_file(') });
    expect(seen[3]?.[1]).toMatchObject({ status: 'error', code: 'UNKNOWN_TOOL', message: expect.stringContaining('tools.read_file('), executeMs: undefined });
  });

  it('name the stage that denied a call', async () => {
    const { registry, runtime } = setup('code_mode', { policy: { guard: () => ({ type: 'deny', reason: 'no' }) } });
    const seen = record(runtime);
    await runtime.dispatch({ name: 'read_file', args: { path: 1 }, callId: 'invalid', scope: registry.root });
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'guarded', scope: registry.root });
    expect(seen.filter(([name]) => name === 'call-denied').map(([, event]) => [event['callId'], event['stage'], event['code']])).toEqual([
      ['invalid', 'validate', 'INVALID_ARGS'],
      ['guarded', 'guard', 'DENIED'],
    ]);
  });

  it('carry the code_mode source and parent of nested calls', async () => {
    const { registry, runtime } = setup('code_mode');
    const seen = record(runtime);
    await runtime.dispatch({ name: 'write_file', args: {}, callId: 'x:code:1', scope: registry.root, parent: { callId: 'x', cellId: 'cell_2' } });
    for (const [, event] of seen) {
      expect(event).toMatchObject({ callId: 'x:code:1', toolName: 'write_file', parentCallId: 'x', source: { type: 'code_mode', cellId: 'cell_2', parentCallId: 'x' } });
    }
    expect(seen[1]?.[1]).toMatchObject({ executionMode: 'exclusive' });
  });

  it('skip call-denied for a pre-aborted call', async () => {
    const { registry, runtime } = setup('code_mode');
    const seen = record(runtime);
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root, signal: AbortSignal.abort() });
    expect(seen.map(([name, event]) => [name, event['code']])).toEqual([
      ['call-start', undefined],
      ['call-resolve', undefined],
      ['call-end', 'ABORTED_BEFORE_DISPATCH'],
    ]);
  });
});
