// The engine ends every call in one place, from what the pipeline returns: at once for a
// call whose stages all answered at once (its call-end before the next call starts), and
// with the stage that refused it for a refusal the pipeline reported after a wait.
import { jsonOutput } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { setup } from './test-support/fixtures.js';
import './test-support/loaded-validators.js';

describe('CallEngine ending calls', () => {
  it('ends a call whose stages answer at once before dispatch returns, so batch events do not interleave', () => {
    const { registry, runtime } = setup('direct');
    const seen: string[] = [];
    for (const name of ['call-start', 'call-end'] as const) runtime.events.on(name, (event) => seen.push(`${name} ${event.callId}`));
    runtime.dispatchBatch([
      { name: 'read_file', args: { path: 'a' }, callId: 'c1', scope: registry.root },
      { name: 'read_file', args: { path: 'b' }, callId: 'c2', scope: registry.root },
    ]);
    expect(seen).toEqual(['call-start c1', 'call-end c1', 'call-start c2', 'call-end c2']);
  });

  it('reports the stage of a refusal the pipeline returned after a wait, then ends the call', async () => {
    const { registry, runtime } = setup('direct');
    runtime.addGuard(async () => ({ type: 'deny', reason: 'read-only hours' }));
    const seen: string[] = [];
    runtime.events.on('call-denied', (event) => seen.push(`call-denied ${event.stage} ${event.code}`));
    runtime.events.on('call-end', (event) => seen.push(`call-end ${event.status}`));
    const outcome = await runtime.dispatch({ name: 'write_file', args: { path: 'a' }, callId: 'c1', scope: registry.root });
    expect(outcome).toMatchObject({ status: 'error', code: 'DENIED', message: 'Permission denied: read-only hours' });
    expect(seen).toEqual(['call-denied guard DENIED', 'call-end error']);
  });

  it('ends a cancelled call once, with ABORTED, whatever its pipeline returns afterwards', async () => {
    const { registry, runtime } = setup('direct');
    let answer: () => void = () => undefined;
    registry.register({
      kind: 'function',
      name: 'slow',
      description: 'Slow.',
      inputSchema: { type: 'object' },
      execute: () => new Promise((resolve) => (answer = () => resolve(jsonOutput('late')))),
    });
    const ends: string[] = [];
    runtime.events.on('call-end', (event) => ends.push(`${event.status} ${event.code ?? ''}`));
    const pending = runtime.dispatch({ name: 'slow', args: {}, callId: 'c1', scope: registry.root });
    await Promise.resolve();
    expect(runtime.cancel('c1')).toBe(true);
    answer();
    await expect(pending).resolves.toMatchObject({ status: 'error', code: 'ABORTED' });
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    expect(ends).toEqual(['error ABORTED']);
  });
});
