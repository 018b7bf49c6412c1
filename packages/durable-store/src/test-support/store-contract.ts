// The contract every DurableStore backend keeps: compare-and-set on cells, one lease holder,
// first decision wins, forward-only journal moves under the current lease, expiry and sweep.
// A backend's test calls runStoreContract with a factory of fresh, empty stores.
import type { JsonValue } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import type { CellKey, CellWrite, DecisionNotice, DurableStore } from '../durable-store.js';
import { listPendingApprovals } from '../list-pending-approvals.js';
import { StoreError } from '../store-error.js';

/** A settable clock shared by a store and its test. */
export interface TestClock {
  now: number;
}

/** Builds a fresh, empty store on `clock`; `close` removes what it made. */
export type StoreFactory = (clock: TestClock) => Promise<{ readonly store: DurableStore; close(): Promise<void> }>;

const HOUR = 3_600_000;
const KEY: CellKey = { scope: 'team-a', session: 'chat-1', cell: 'cell-1' };

/** A suspended cell with two parked calls. */
export function suspendedCell(clock: TestClock, key: CellKey = KEY, prefix = 'a'): CellWrite {
  const expiresAt = clock.now + 24 * HOUR;
  return {
    key,
    status: 'suspended',
    expiresAt,
    approvals: [
      { approvalId: `${prefix}-1`, callId: '1', toolName: 'write_file', args: { path: 'x.txt' }, expiresAt },
      { approvalId: `${prefix}-2`, callId: '2', toolName: 'write_file', args: { path: 'y.txt' }, expiresAt },
    ],
    state: { output: ['drafting'] },
    snapshot: new Uint8Array([1, 2, 3, 0, 255]),
  };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (StoreError.isInstance(error)) return error.code;
    throw error;
  }
  return 'resolved';
}

/** Register the contract's tests for one backend. */
export function runStoreContract(backend: string, factory: StoreFactory): void {
  async function withStore(test: (store: DurableStore, clock: TestClock) => Promise<void>): Promise<void> {
    const clock: TestClock = { now: Date.UTC(2026, 11, 1) };
    const { store, close } = await factory(clock);
    try {
      await test(store, clock);
    } finally {
      await close();
    }
  }

  describe(`${backend}: the DurableStore contract`, () => {
    it('writes a cell at version 1 and reads it back whole, snapshot bytes included', () =>
      withStore(async (store, clock) => {
        expect(await store.readCell(KEY)).toBeUndefined();
        const cell = suspendedCell(clock);
        const written = await store.writeCell(cell, 0);
        expect(written.version).toBe(1);
        const read = await store.readCell(KEY);
        expect(read).toEqual({ ...cell, version: 1 });
        expect(Array.from(read?.snapshot ?? [])).toEqual([1, 2, 3, 0, 255]);
      }));

    it('compare-and-set: a write with a stale version is STORE_CONFLICT and changes nothing', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        expect(await codeOf(store.writeCell(suspendedCell(clock), 0))).toBe('STORE_CONFLICT');
        const done = { ...suspendedCell(clock), status: 'done' as const, approvals: [], snapshot: undefined, state: { report: 'ok' } };
        expect((await store.writeCell(done, 1)).version).toBe(2);
        expect(await codeOf(store.writeCell(suspendedCell(clock), 1))).toBe('STORE_CONFLICT');
        expect(await store.readCell(KEY)).toEqual({ ...done, version: 2 });
      }));

    it('of 12 writers with the same expected version exactly one wins', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        const codes = await Promise.all(Array.from({ length: 12 }, (_, index) => codeOf(store.writeCell({ ...suspendedCell(clock), state: index }, 1))));
        expect(codes.filter((code) => code === 'resolved')).toHaveLength(1);
        expect(codes.filter((code) => code === 'STORE_CONFLICT')).toHaveLength(11);
        expect((await store.readCell(KEY))?.version).toBe(2);
      }));

    it('lists cells by session and scope, without snapshots', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        await store.writeCell(suspendedCell(clock, { ...KEY, cell: 'cell-2' }, 'b'), 0);
        await store.writeCell(suspendedCell(clock, { ...KEY, session: 'chat-2' }, 'c'), 0);
        const cells = await store.listCells({ session: 'chat-1' });
        expect(cells.map((cell) => cell.key.cell).sort()).toEqual(['cell-1', 'cell-2']);
        expect(cells.every((cell) => !('snapshot' in cell) || cell.snapshot === undefined)).toBe(true);
        expect(await store.listCells({ scope: 'team-b' })).toEqual([]);
      }));

    it('one lease holder at a time; a released or expired lease can be claimed again, with a larger token', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        const first = await store.claimLease(KEY, 'process-a', 60_000);
        expect(await codeOf(store.claimLease(KEY, 'process-b', 60_000))).toBe('STORE_LEASE_HELD');
        await store.releaseLease(first);
        const second = await store.claimLease(KEY, 'process-b', 60_000);
        expect(second.token).toBeGreaterThan(first.token);
        clock.now += 60_001;
        const third = await store.claimLease(KEY, 'process-c', 60_000);
        expect(third.token).toBeGreaterThan(second.token);
      }));

    it('of 12 concurrent claims exactly one gets the lease', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        const codes = await Promise.all(Array.from({ length: 12 }, (_, index) => codeOf(store.claimLease(KEY, `p${index}`, 60_000))));
        expect(codes.filter((code) => code === 'resolved')).toHaveLength(1);
        expect(codes.filter((code) => code === 'STORE_LEASE_HELD')).toHaveLength(11);
      }));

    it('the first decision wins; a second says which stands; both name the approval\'s cell', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        await store.writeCell(suspendedCell(clock, { ...KEY, cell: 'cell-2' }, 'b'), 0);
        const first = await store.recordDecision('a-1', { type: 'approve' });
        expect(first).toEqual({ recorded: true, decision: { approvalId: 'a-1', decision: { type: 'approve' }, decidedAt: clock.now }, key: KEY });
        const second = await store.recordDecision('a-1', { type: 'deny', reason: 'too late' });
        expect(second).toEqual({ recorded: false, decision: first.decision, key: KEY });
        expect((await store.recordDecision('b-1', { type: 'approve' })).key).toEqual({ ...KEY, cell: 'cell-2' });
        expect(await store.readDecision('a-1')).toEqual(first.decision);
        expect(await store.readDecision('a-2')).toBeUndefined();
      }));

    it('of 12 concurrent decisions exactly one is recorded, and every caller sees it', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        const results = await Promise.all(Array.from({ length: 12 }, (_, index) => store.recordDecision('a-1', index % 2 === 0 ? { type: 'approve' } : { type: 'deny', reason: String(index) })));
        expect(results.filter((result) => result.recorded)).toHaveLength(1);
        const standing = results.find((result) => result.recorded)?.decision;
        expect(results.every((result) => JSON.stringify(result.decision) === JSON.stringify(standing))).toBe(true);
      }));

    it('a decision for an unknown approval is STORE_UNKNOWN_APPROVAL; for an expired one STORE_EXPIRED', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        expect(await codeOf(store.recordDecision('nope', { type: 'approve' }))).toBe('STORE_UNKNOWN_APPROVAL');
        clock.now += 25 * HOUR;
        expect(await codeOf(store.recordDecision('a-1', { type: 'approve' }))).toBe('STORE_EXPIRED');
      }));

    it('a watcher hears of each recorded decision once, in order, with its cell; not of one that lost; nothing after close', () =>
      withStore(async (store, clock) => {
        if (store.watchDecisions === undefined) throw new Error(`The ${backend} store should watch decisions.`);
        await store.writeCell(suspendedCell(clock), 0);
        const heard = noticeCollector();
        const watch = await store.watchDecisions(heard.listener);
        try {
          await store.recordDecision('a-1', { type: 'approve' });
          await heard.count(1);
          // This one loses to the first: not announced, so the next notice is a-2's.
          expect(await store.recordDecision('a-1', { type: 'deny' })).toMatchObject({ recorded: false });
          await store.recordDecision('a-2', { type: 'deny', reason: 'no' });
          await heard.count(2);
          expect(heard.notices).toEqual([
            { approvalId: 'a-1', key: KEY },
            { approvalId: 'a-2', key: KEY },
          ]);
        } finally {
          await watch.close();
        }
        expect(await watch.ended).toBeUndefined();
      }));

    it('pending approvals are the undecided ones of suspended cells', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        await store.recordDecision('a-2', { type: 'deny' });
        const pending = await listPendingApprovals(store, { session: 'chat-1' });
        expect(pending).toEqual([{ ...suspendedCell(clock).approvals[0], key: KEY }]);
      }));

    it('journal moves only forward, once, and only under the current lease', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        const lease = await store.claimLease(KEY, 'process-a', 60_000);
        await store.moveCall(lease, '1', 'awaiting', 'approved');
        await store.moveCall(lease, '2', 'awaiting', 'denied');
        expect(await codeOf(store.moveCall(lease, '1', 'awaiting', 'denied'))).toBe('STORE_CONFLICT');
        expect(await codeOf(store.moveCall(lease, '1', 'approved', 'done'))).toBe('STORE_CONFLICT');
        await store.moveCall(lease, '1', 'approved', 'started');
        const outcome: JsonValue = { ok: true, value: 'written' };
        await store.moveCall(lease, '1', 'started', 'done', outcome);
        const journal = await store.readJournal(KEY);
        expect(journal.sort((left, right) => left.callId.localeCompare(right.callId))).toEqual([
          { callId: '1', state: 'done', outcome },
          { callId: '2', state: 'denied' },
        ]);
        await store.releaseLease(lease);
        expect(await codeOf(store.moveCall(lease, '2', 'denied', 'done'))).toBe('STORE_LEASE_LOST');
        const expiring = await store.claimLease(KEY, 'process-b', 1_000);
        clock.now += 1_001;
        expect(await codeOf(store.moveCall(expiring, '2', 'denied', 'done'))).toBe('STORE_LEASE_LOST');
        const taken = await store.claimLease(KEY, 'process-c', 60_000);
        expect(await codeOf(store.moveCall(expiring, '2', 'denied', 'done'))).toBe('STORE_LEASE_LOST');
        await store.moveCall(taken, '2', 'denied', 'done', { ok: false });
      }));

    it('of 12 concurrent moves of one call exactly one succeeds', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        const lease = await store.claimLease(KEY, 'process-a', 60_000);
        await store.moveCall(lease, '1', 'awaiting', 'approved');
        const codes = await Promise.all(Array.from({ length: 12 }, () => codeOf(store.moveCall(lease, '1', 'approved', 'started'))));
        expect(codes.filter((code) => code === 'resolved')).toHaveLength(1);
      }));

    it('sweep removes expired cells, their approvals and decisions; live ones stay', () =>
      withStore(async (store, clock) => {
        await store.writeCell(suspendedCell(clock), 0);
        await store.recordDecision('a-1', { type: 'approve' });
        clock.now += HOUR;
        await store.writeCell(suspendedCell(clock, { ...KEY, cell: 'cell-2' }, 'b'), 0);
        expect(await store.sweep()).toBe(0);
        clock.now += 24 * HOUR - 1;
        expect(await store.sweep()).toBe(1);
        expect(await store.readCell(KEY)).toBeUndefined();
        expect(await store.readDecision('a-1')).toBeUndefined();
        expect(await codeOf(store.recordDecision('a-2', { type: 'approve' }))).toBe('STORE_UNKNOWN_APPROVAL');
        expect(await store.readJournal(KEY)).toEqual([]);
        expect((await store.readCell({ ...KEY, cell: 'cell-2' }))?.version).toBe(1);
      }));
  });
}

/** A decision listener and a way to wait until it heard `n` notices (no timer: the test's timeout bounds it). */
export function noticeCollector() {
  const notices: DecisionNotice[] = [];
  let wake = (): void => undefined;
  return {
    notices,
    listener: (notice: DecisionNotice): void => {
      notices.push(notice);
      wake();
    },
    count: (n: number): Promise<void> =>
      new Promise<void>((resolve) => {
        wake = () => {
          if (notices.length >= n) resolve();
        };
        wake();
      }),
  };
}
