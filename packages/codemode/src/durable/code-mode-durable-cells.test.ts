// Auto-resume's side of CodeMode's durable cells: a decision that completes its cell's batch
// names that cell, found through the store's answer to the decision (the approval's cell),
// never by listing every cell of the store.
import type { CellKey, DurableStore } from '@toolcell/durable-store';
import { describe, expect, it } from 'vitest';
import { durablePerTest } from '../test-support/durable-per-test.js';
import { TEST_KEYS, THREE_WRITES } from '../test-support/durable-setup.js';
import { CodeModeDurableCells } from './code-mode-durable-cells.js';

const setup = durablePerTest('toolcell-code-mode-durable-cells-').setup;

/** The real store, with the names of the methods called on it recorded. */
function recording(store: DurableStore): { readonly store: DurableStore; readonly calls: string[] } {
  const calls: string[] = [];
  const recorded = new Proxy(store, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (calls.push(String(name)), (value as (...args: unknown[]) => unknown).apply(target, args));
    },
  });
  return { store: recorded, calls };
}

describe('CodeModeDurableCells.decide', () => {
  it('resumes the cell whose whole batch a decision completes, asking the store for that cell only', async () => {
    const { registry, runtime, transport, store } = setup();
    const spied = recording(store);
    const decided: CellKey[] = [];
    const cells = new CodeModeDurableCells({ registry, runtime, transport, store: spied.store, keys: TEST_KEYS }, (key) => decided.push(key));
    const waiting = await cells.start({ code: THREE_WRITES, session: 'chat-1', callId: 'exec_1', cellId: 'cell-1' });
    const other = await cells.start({ code: THREE_WRITES, session: 'chat-2', callId: 'exec_1', cellId: 'cell-2' });
    if (waiting.status !== 'suspended' || other.status !== 'suspended') throw new Error('expected two suspended cells');
    const [a, b, c] = waiting.pendingApprovals.map((approval) => approval.approvalId);
    spied.calls.length = 0;

    expect(await cells.decide(a ?? '', { type: 'approve' })).toMatchObject({ recorded: true, key: waiting.key });
    await cells.decide(b ?? '', { type: 'deny', reason: 'not b' });
    await cells.decide(other.pendingApprovals[0]?.approvalId ?? '', { type: 'approve' });
    expect(decided).toEqual([]);
    await cells.decide(c ?? '', { type: 'approve' });
    expect(decided).toEqual([waiting.key]);
    // A second decision changes nothing and resumes nothing.
    expect(await cells.decide(c ?? '', { type: 'deny' })).toMatchObject({ recorded: false, key: waiting.key });
    expect(decided).toEqual([waiting.key]);
    expect(spied.calls).not.toContain('listCells');
  });
});
