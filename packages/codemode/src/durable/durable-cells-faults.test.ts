// Faults of a durable cell's store and snapshot, in one process (issue 32, "Bad input and
// faults"): each ends in a typed error, and afterwards nothing is lost and nothing runs twice.
// A read-only store is a read-only bind mount over its directory, a full one a small tmpfs
// (root ignores file modes, so only a mount really refuses writes); the sandbox and CI run
// as root. Killed processes and PostgreSQL are in durable-cells-faults.slow.test.ts.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { FunctionToolDefinition, JsonObject } from '@toolcell/core';
import { StoreError } from '@toolcell/durable-store';
import { FileDurableStore } from '@toolcell/durable-store/files';
import { SnapshotError } from '@toolcell/sandbox';
import { describe, expect, it } from 'vitest';
import { durablePerTest } from '../test-support/durable-per-test.js';
import { TEST_KEYS, THREE_WRITES, approveAll, suspendCell } from '../test-support/durable-setup.js';
import { DurableCells } from './durable-cells.js';

const HOUR = 3_600_000;
const LEASE_TTL_MS = 60_000;

const durable = durablePerTest('toolcell-durable-faults-');

/** The durable stack over a file store at `storeDirectory` whose clock runs `clock.offset` ms ahead of the real one. */
function stack(storeDirectory = join(durable.directory, 'store'), keys = TEST_KEYS) {
  const made = durable.setup();
  const clock = { offset: 0 };
  const store = new FileDurableStore({ directory: storeDirectory, now: () => Date.now() + clock.offset });
  const cells = new DurableCells({ registry: made.registry, runtime: made.runtime, transport: made.transport, store, keys, leaseTtlMs: LEASE_TTL_MS });
  return { ...made, store, cells, clock };
}

/** {@link stack} with THREE_WRITES suspended and all three of its calls approved. */
async function approvedThreeWrites() {
  const made = stack();
  const report = await suspendCell(made.cells);
  await approveAll(made.cells, report);
  return { ...made, report };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function run(command: string, args: readonly string[]): void {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Mount over `target` (created): only root may, and only a mount refuses root's writes. */
async function mountOver(target: string, mount: (target: string) => void): Promise<void> {
  if (userInfo().uid !== 0) throw new Error('The store fault tests mount a read-only or tiny file system over the store, which needs root (the sandbox and CI run as root).');
  await mkdir(target, { recursive: true });
  mount(target);
  durable.onClose(() => run('umount', [target]));
}

const readOnly = (target: string): void => {
  run('mount', ['--bind', target, target]);
  run('mount', ['-o', 'remount,ro,bind', target]);
};
const writable = (target: string): void => run('mount', ['-o', 'remount,rw,bind', target]);

/** Write `file` until the file system is full. */
async function fillUp(file: string): Promise<void> {
  const block = Buffer.alloc(4096, 1);
  try {
    for (;;) await writeFile(file, block, { flag: 'a' });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOSPC') throw error;
  }
}

describe('durable cells: decisions', () => {
  it('a decision for an expired approval is STORE_EXPIRED; its call never runs', async () => {
    const { cells, clock, effects } = stack();
    const report = await suspendCell(cells);
    clock.offset = 25 * HOUR;
    const error = await caught(cells.decide(report.pendingApprovals[0]?.approvalId ?? '', { type: 'approve' }));
    expect(StoreError.isInstance(error) && error.code).toBe('STORE_EXPIRED');
    expect((error as Error).message).toMatch(/expired at .*; its call will not run/);
    // Nothing was decided, so a resume runs nothing and the cell still waits.
    expect(await cells.resume(report.key)).toMatchObject({ status: 'suspended' });
    expect(effects()).toEqual([]);
  });

  it('a decision for an approval already decided says which stands, and its call runs once', async () => {
    const { cells, effects, report } = await approvedThreeWrites();
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed' });
    const late = await cells.decide(report.pendingApprovals[0]?.approvalId ?? '', { type: 'deny', reason: 'too late' });
    expect(late).toMatchObject({ recorded: false, decision: { decision: { type: 'approve' } } });
    expect(effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });
});

describe('durable cells: the tool changed while its call was parked', () => {
  it('a tool replaced by another definition is refused NOT_CALLABLE after approval; the new one does not run', async () => {
    const { cells, registry, effects, report } = await approvedThreeWrites();
    const replacement: FunctionToolDefinition = {
      kind: 'function',
      name: 'write_file',
      description: 'Write a file, anywhere.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      execute: (input: JsonObject) => {
        throw new Error(`the replacement ran for ${String(input['path'])}`);
      },
    };
    registry.unregister('write_file');
    registry.register(replacement);
    const done = await cells.resume(report.key);
    expect(done).toMatchObject({ status: 'completed', returnValue: ['NOT_CALLABLE', 'NOT_CALLABLE', 'NOT_CALLABLE'] });
    expect(effects()).toEqual([]);
  });

  it('the same definition registered again (as a fresh process does) still runs', async () => {
    const { cells, registry, effects, report } = await approvedThreeWrites();
    const same = registry.get('write_file');
    if (same === undefined) throw new Error('expected write_file');
    registry.unregister('write_file');
    registry.register({ ...same });
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });
});

describe('durable cells: a snapshot the sandbox refuses', () => {
  it('sealed with a key this host lacks: SNAPSHOT_TAMPERED naming the key; the cell is kept and a host with the key finishes it', async () => {
    const { cells, store, effects, report } = await approvedThreeWrites();
    const before = await store.readCell(report.key);
    const other = stack(join(durable.directory, 'store'), { current: { id: 'other-1', secret: 'another-secret-of-at-least-32-bytes!!' } });
    const error = await caught(other.cells.resume(report.key));
    expect(SnapshotError.isInstance(error) && error.code).toBe('SNAPSHOT_TAMPERED');
    expect((error as Error).message).toContain('it was sealed with key "test-1", which this host does not have');
    // Checked before any decided call ran: nothing happened on the host that cannot go on.
    expect(other.effects()).toEqual([]);
    expect(await store.readJournal(report.key)).toEqual([]);
    expect(await store.readCell(report.key)).toEqual(before);
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('a snapshot changed in the store: SNAPSHOT_TAMPERED before any decided call runs, the cell is kept', async () => {
    const { cells, store, effects, report } = await approvedThreeWrites();
    const cell = await store.readCell(report.key);
    if (cell?.snapshot === undefined) throw new Error('expected a snapshot');
    const tampered = new Uint8Array(cell.snapshot);
    const at = tampered.length - 1;
    tampered[at] = (tampered[at] ?? 0) ^ 0xff;
    const { version, ...rest } = cell;
    await store.writeCell({ ...rest, snapshot: tampered }, version);
    const error = await caught(cells.resume(report.key));
    expect(SnapshotError.isInstance(error) && error.code).toBe('SNAPSHOT_TAMPERED');
    expect((error as Error).message).toContain('snapshot refused: its MAC does not match key "test-1"');
    expect((await store.readCell(report.key))?.status).toBe('suspended');
    expect(await store.readJournal(report.key)).toEqual([]);
    expect(effects()).toEqual([]);
    // Once the bytes are restored, the decided calls run, each once.
    const { version: now, ...tamperedCell } = (await store.readCell(report.key)) ?? cell;
    await store.writeCell({ ...tamperedCell, snapshot: cell.snapshot }, now);
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });
});

describe('durable cells: a store that cannot be written', () => {
  it('a read-only store directory: deciding and resuming are STORE_UNAVAILABLE naming it; listing works; once writable, each call runs once', async () => {
    const storeDirectory = join(durable.directory, 'store');
    const { cells, effects } = stack(storeDirectory);
    const report = await suspendCell(cells);
    await mountOver(storeDirectory, readOnly);
    const decided = await caught(cells.decide(report.pendingApprovals[0]?.approvalId ?? '', { type: 'approve' }));
    expect(StoreError.isInstance(decided) && decided.code).toBe('STORE_UNAVAILABLE');
    expect((decided as Error).message).toContain(`The file store at ${storeDirectory} could not record the decision (the directory is not writable)`);
    expect((await cells.pending({ session: 'chat-1' })).map((approval) => approval.approvalId)).toEqual(report.pendingApprovals.map((approval) => approval.approvalId));
    expect(await caught(cells.resume(report.key))).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    writable(storeDirectory);
    await approveAll(cells, report);
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('a read-only store when a program would be suspended: STORE_UNAVAILABLE naming it, nothing ran, and the next program runs once it is writable', async () => {
    const storeDirectory = join(durable.directory, 'store');
    const { cells, effects } = stack(storeDirectory);
    await mountOver(storeDirectory, readOnly);
    const error = await caught(cells.start({ code: THREE_WRITES, session: 'chat-1', callId: 'exec_1' }));
    expect(StoreError.isInstance(error) && error.code).toBe('STORE_UNAVAILABLE');
    expect((error as Error).message).toContain('could not write the cell (the directory is not writable)');
    expect(effects()).toEqual([]);
    writable(storeDirectory);
    const report = await suspendCell(cells);
    await approveAll(cells, report);
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['wrote a.txt', 'wrote b.txt', 'wrote c.txt'] });
    expect(effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('a store that fills up while an approved call runs: STORE_UNAVAILABLE (the disk is full), no temporary files left; later the call is "outcome unknown", the rest run once', async () => {
    const storeDirectory = join(durable.directory, 'store');
    await mountOver(storeDirectory, (target) => run('mount', ['-t', 'tmpfs', '-o', 'size=512k', 'tmpfs', target]));
    const { cells, runtime, clock, effects } = stack(storeDirectory);
    const report = await suspendCell(cells);
    await approveAll(cells, report);
    const filler = join(storeDirectory, 'filler');
    // The first approved call's guard fills the disk: the call runs, its outcome cannot be recorded.
    let filled = false;
    const removeGuard = runtime.addGuard(async () => {
      if (!filled) await fillUp(filler);
      filled = true;
      return undefined;
    });
    const error = await caught(cells.resume(report.key));
    removeGuard();
    expect(StoreError.isInstance(error) && error.code).toBe('STORE_UNAVAILABLE');
    // The failure that stopped the resume, not the lease release that failed after it.
    expect((error as Error).message).toContain('could not move the call (the disk is full)');
    expect(effects()).toEqual(['a.txt']);
    expect(await readdir(join(storeDirectory, 'tmp'))).toEqual([]);
    await rm(filler);
    // The lease could not be released on a full disk: the cell waits until it expires.
    expect(await caught(cells.resume(report.key))).toMatchObject({ code: 'STORE_LEASE_HELD' });
    clock.offset = LEASE_TTL_MS + 1;
    expect(await cells.resume(report.key)).toMatchObject({ status: 'completed', returnValue: ['OUTCOME_UNKNOWN', 'wrote b.txt', 'wrote c.txt'] });
    expect(effects()).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });
});
