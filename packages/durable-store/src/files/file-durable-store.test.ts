import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../store-error.js';
import { runStoreContract, suspendedCell } from '../test-support/store-contract.js';
import { FileDurableStore } from './file-durable-store.js';

runStoreContract('files', async (clock) => {
  const directory = await mkdtemp(join(tmpdir(), 'toolcell-store-'));
  return { store: new FileDurableStore({ directory, now: () => clock.now }), close: () => rm(directory, { recursive: true, force: true }) };
});

/** Runs `test` with a fresh temporary directory, removed afterwards. */
async function inTemporaryDirectory(test: (directory: string) => Promise<void>): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'toolcell-store-'));
  try {
    await test(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A store over `directory` whose clock stands at 1 000 until the test moves it. */
function storeOver(directory: string) {
  const clock = { now: 1_000 };
  return { clock, store: new FileDurableStore({ directory, now: () => clock.now }) };
}

describe('FileDurableStore', () => {
  it('leaves no temporary files and keeps superseded versions as empty names', () =>
    inTemporaryDirectory(async (directory) => {
      const { clock, store } = storeOver(directory);
      await store.writeCell(suspendedCell(clock), 0);
      await store.writeCell(suspendedCell(clock), 1);
      expect(await readdir(join(directory, 'tmp'))).toEqual([]);
      const [cellDirectory] = await readdir(join(directory, 'cells'));
      expect((await readdir(join(directory, 'cells', cellDirectory ?? ''))).sort()).toEqual(['cell.0000000001', 'cell.0000000002']);
    }));

  it('a directory it cannot use is STORE_UNAVAILABLE naming the cause', () =>
    inTemporaryDirectory(async (parent) => {
      const file = join(parent, 'not-a-directory');
      await writeFile(file, 'x');
      const store = new FileDurableStore({ directory: file });
      const error = await store.readCell({ scope: 's', session: 's', cell: 'c' }).catch((caught: unknown) => caught);
      expect(StoreError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', message: expect.stringContaining(`The file store at ${file} could not read the cell`) });
    }));

  it('a read-only directory (a read-only bind mount) is STORE_UNAVAILABLE saying it is not writable, from the first operation', () =>
    inTemporaryDirectory(async (parent) => {
      if (userInfo().uid !== 0) throw new Error('This test mounts a read-only bind mount (root ignores file modes), which needs root.');
      const directory = join(parent, 'store');
      await mkdir(directory);
      execFileSync('mount', ['--bind', directory, directory]);
      try {
        execFileSync('mount', ['-o', 'remount,ro,bind', directory]);
        const { store } = storeOver(directory);
        const error = await store.readCell({ scope: 's', session: 's', cell: 'c' }).catch((caught: unknown) => caught);
        expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', message: expect.stringContaining('could not read the cell (the directory is not writable): EROFS') });
      } finally {
        execFileSync('umount', [directory]);
      }
    }));

  it('a full disk is STORE_UNAVAILABLE naming it, leaves no temporary file, and the store works once there is room', () =>
    inTemporaryDirectory(async (parent) => {
      // Root ignores file modes and quotas: only a small file system really fills (the sandbox and CI run as root).
      if (userInfo().uid !== 0) throw new Error('This test mounts a 64 KB tmpfs, which needs root.');
      const directory = join(parent, 'store');
      await mkdir(directory);
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', directory]);
      try {
        const { clock, store } = storeOver(directory);
        await store.writeCell(suspendedCell(clock), 0);
        const filler = join(directory, 'filler');
        try {
          for (;;) await writeFile(filler, Buffer.alloc(4096, 1), { flag: 'a' });
        } catch (error) {
          expect(error).toMatchObject({ code: 'ENOSPC' });
        }
        const error = await store.recordDecision('a-1', { type: 'approve' }).catch((caught: unknown) => caught);
        expect(StoreError.isInstance(error)).toBe(true);
        expect(error).toMatchObject({ code: 'STORE_UNAVAILABLE', message: expect.stringContaining('could not record the decision (the disk is full)') });
        expect(await readdir(join(directory, 'tmp'))).toEqual([]);
        expect(await store.readDecision('a-1')).toBeUndefined();
        await rm(filler);
        expect(await store.recordDecision('a-1', { type: 'approve' })).toMatchObject({ recorded: true });
      } finally {
        execFileSync('umount', [directory]);
      }
    }));

  it('a record changed by hand is STORE_CORRUPT', () =>
    inTemporaryDirectory(async (directory) => {
      const { clock, store } = storeOver(directory);
      await store.writeCell(suspendedCell(clock), 0);
      const [name] = await readdir(join(directory, 'approvals'));
      await writeFile(join(directory, 'approvals', name ?? ''), '{not json');
      await expect(store.recordDecision('a-1', { type: 'approve' })).rejects.toMatchObject({ code: 'STORE_CORRUPT' });
    }));
});
