import { randomUUID } from 'node:crypto';
import { link, open, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Publish `bytes` at `target` only if nothing is there yet: written to a temporary file in
 * `tempDir` (same file system), flushed to disk, then hard-linked into place — `link` fails
 * with `EEXIST` atomically, so of two publishers exactly one wins, and a reader never sees a
 * half-written file. Returns `false` when `target` existed. The directory is flushed too.
 */
export async function publishExclusive(tempDir: string, target: string, bytes: Uint8Array): Promise<boolean> {
  return linkExclusive(await writeFlushed(tempDir, bytes), target);
}

/**
 * The first half of {@link publishExclusive}: `bytes` in a new temporary file of `tempDir`,
 * flushed to disk; its path. A failed write (a full disk) removes the file. A caller that
 * writes a large record while it publishes others (which must be durable first) starts this
 * first, so the flushes overlap.
 */
export async function writeFlushed(tempDir: string, bytes: Uint8Array): Promise<string> {
  const temp = join(tempDir, `${randomUUID()}.tmp`);
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    // A full disk fails the write: the partial file would hold on to space no one frees.
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return temp;
}

/**
 * The second half of {@link publishExclusive}: link the flushed temporary file `temp` at
 * `target` unless a file is there (`false`), remove the temporary name, and flush the
 * target's directory (while the temporary name goes: only the new name must be durable).
 */
export async function linkExclusive(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    if (isCode(error, 'EEXIST')) return false;
    throw error;
  }
  const [, synced] = await Promise.allSettled([unlink(temp), syncDirectory(dirname(target))]);
  if (synced.status === 'rejected') throw synced.reason;
  return true;
}

/** Flush a directory's entries (a new or removed name) to disk. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Whether `error` is a Node system error with `code`. */
export function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
