// Batches: read-only calls overlap (up to the limit), everything else runs alone in
// submission order, refused calls fail closed to exclusive, and nested batches run in a
// lane of their parent so they never wait behind it.
import type { CallOutcome, ToolContext } from '@toolcell/core';
import { textOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import type { DispatchRequest } from './dispatch-request.js';
import { nestedCallId } from './nested-call-id.js';
import { settle, stubExec } from './test-support/fixtures.js';
import { Gates } from './test-support/gated-tools.js';
import './test-support/loaded-validators.js';
import { ToolRuntime } from './tool-runtime.js';

function lanes(options: { maxParallel?: number } = {}) {
  const gates = new Gates();
  const registry = new ToolRegistry({ mode: 'code_mode' });
  registry.register(gates.tool('read', { readOnly: true }));
  registry.register(gates.tool('write'));
  const runtime = new ToolRuntime({ registry, maxParallel: options.maxParallel });
  const call = (name: string, callId: string, extra: Partial<DispatchRequest> = {}): DispatchRequest => ({ name, args: {}, callId, scope: registry.root, ...extra });
  return { gates, registry, runtime, call };
}

/** Turn by turn: once the lane settles, exactly `running` run; then the first of them ends. */
async function expectTurns(gates: Gates, turns: readonly (readonly [string, ...string[]])[]): Promise<void> {
  for (const running of turns) {
    await settle();
    expect(gates.running).toEqual(running);
    gates.release(running[0]);
  }
}

/** Record the order in which outcomes arrive. */
function arrivals(promises: Promise<CallOutcome>[]): string[] {
  const order: string[] = [];
  for (const promise of promises) void promise.then((outcome) => order.push(outcome.callId));
  return order;
}

describe('read-only calls', () => {
  it('run in parallel within a batch', async () => {
    const { gates, runtime, call } = lanes();
    const outcomes = runtime.dispatchBatch([call('read', 'r1'), call('read', 'r2'), call('read', 'r3')]);
    await settle();
    expect(gates.running).toEqual(['r1', 'r2', 'r3']);
    for (const id of ['r3', 'r1', 'r2']) gates.release(id);
    expect((await Promise.all(outcomes)).map((outcome) => outcome.status)).toEqual(['ok', 'ok', 'ok']);
    expect(gates.maxOverlap).toBe(3);
  });

  it('respect the parallel limit, starting the next as one ends', async () => {
    const { gates, runtime, call } = lanes({ maxParallel: 2 });
    const outcomes = runtime.dispatchBatch([call('read', 'r1'), call('read', 'r2'), call('read', 'r3')]);
    await settle();
    expect(gates.running).toEqual(['r1', 'r2']);
    gates.release('r2');
    await settle();
    expect(gates.running).toEqual(['r1', 'r3']);
    gates.release('r1');
    gates.release('r3');
    await Promise.all(outcomes);
    expect(gates.maxOverlap).toBe(2);
  });
});

describe('other calls', () => {
  it('run alone, in submission order', async () => {
    const { gates, runtime, call } = lanes();
    const outcomes = runtime.dispatchBatch([call('write', 'w1'), call('write', 'w2'), call('write', 'w3')]);
    const order = arrivals(outcomes);
    await expectTurns(gates, [['w1'], ['w2'], ['w3']]);
    await Promise.all(outcomes);
    expect(order).toEqual(['w1', 'w2', 'w3']);
    expect(gates.maxOverlap).toBe(1);
  });

  it('never let a later read-only call overtake an exclusive one', async () => {
    const { gates, runtime, call } = lanes();
    const outcomes = runtime.dispatchBatch([call('read', 'r1'), call('read', 'r2'), call('write', 'w3'), call('read', 'r4')]);
    await expectTurns(gates, [['r1', 'r2'], ['r2'], ['w3'], ['r4']]);
    await Promise.all(outcomes);
    expect(gates.log).toEqual(['start r1', 'start r2', 'end r1', 'end r2', 'start w3', 'end w3', 'start r4', 'end r4']);
  });

  it('queue across separate dispatches in the same lane', async () => {
    const { gates, runtime, call } = lanes();
    const first = runtime.dispatch(call('write', 'w1'));
    const second = runtime.dispatch(call('read', 'r1'));
    await expectTurns(gates, [['w1'], ['r1']]);
    await Promise.all([first, second]);
  });
});

describe('refused calls', () => {
  it('fail closed: they are scheduled exclusive', async () => {
    const { gates, runtime, call } = lanes();
    const outcomes = runtime.dispatchBatch([call('read', 'r1'), call('no_such_tool', 'u2'), call('read', 'r3')]);
    const order = arrivals(outcomes);
    await settle();
    expect(gates.running).toEqual(['r1']);
    expect(order).toEqual([]);
    gates.release('r1');
    await settle();
    expect(order).toEqual(['r1', 'u2']);
    expect(gates.running).toEqual(['r3']);
    gates.release('r3');
    await expect(outcomes[1]).resolves.toMatchObject({ code: 'UNKNOWN_TOOL' });
  });
});

describe('nested batches', () => {
  it('run re-entrantly under an exclusive exec call, in a lane of their own', async () => {
    const gates = new Gates();
    const registry = new ToolRegistry({ mode: 'code_mode_only' });
    registry.register(gates.tool('read', { readOnly: true }));
    registry.register(gates.tool('write'));
    let nestedOutcomes: CallOutcome[] = [];
    const program = async (_source: string, context: ToolContext) => {
      const parent = { callId: context.callId, cellId: 'cell_1' };
      const nested = (name: string, sequence: number): DispatchRequest => ({ name, args: {}, callId: nestedCallId(context.callId, sequence), scope: registry.root, parent, signal: context.signal });
      // One guest turn: Promise.all over three calls → one batch.
      nestedOutcomes = await Promise.all(runtime.dispatchBatch([nested('read', 1), nested('read', 2), nested('write', 3)]));
      return textOutput('program done');
    };
    registry.register(stubExec(program));
    const runtime = new ToolRuntime({ registry });
    const [exec, after] = runtime.dispatchBatch([
      { name: 'exec', args: 'await Promise.all([...])', callId: 'call_exec', scope: registry.root },
      { name: 'exec', args: 'later', callId: 'call_exec_2', scope: registry.root },
    ]);
    await settle();
    // exec holds the root lane; its program's read-only calls still overlap.
    expect(gates.running).toEqual(['call_exec:code:1', 'call_exec:code:2']);
    gates.release('call_exec:code:1');
    gates.release('call_exec:code:2');
    await settle();
    expect(gates.running).toEqual(['call_exec:code:3']);
    gates.release('call_exec:code:3');
    await expect(exec).resolves.toMatchObject({ status: 'ok', callId: 'call_exec' });
    expect(nestedOutcomes.map((outcome) => [outcome.callId, outcome.status])).toEqual([
      ['call_exec:code:1', 'ok'],
      ['call_exec:code:2', 'ok'],
      ['call_exec:code:3', 'ok'],
    ]);
    // The second exec waited behind the first (exclusive) and runs its own program now.
    await settle();
    expect(gates.running).toEqual(['call_exec_2:code:1', 'call_exec_2:code:2']);
    for (const id of ['call_exec_2:code:1', 'call_exec_2:code:2']) gates.release(id);
    await settle();
    gates.release('call_exec_2:code:3');
    await expect(after).resolves.toMatchObject({ status: 'ok' });
  });

  it('names nested calls after their exec call', () => {
    expect(nestedCallId('call_abc', 1)).toBe('call_abc:code:1');
    expect(nestedCallId('call_abc', 12)).toBe('call_abc:code:12');
  });
});
