import { constants, existsSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { lstat, mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';

// Flags that POSIX systems define; elsewhere (Windows) they are absent and mean nothing.
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Whether `/proc/self/fd/N/name` names `name` inside the directory that descriptor N
 * holds open (Linux): the `openat` of Node, which has no `*at` calls. A path built that
 * way cannot be redirected by links swapped into the directories above it after they
 * were opened.
 */
const DESCRIPTOR_PATHS = process.platform === 'linux' && existsSync('/proc/self/fd');

/**
 * A workspace directory held open, reached from the root one part at a time without
 * following a link. Names inside it go through {@link ConfinedDirectory.entry}.
 */
export class ConfinedDirectory {
  private constructor(
    private readonly handle: FileHandle,
    /** The directory's real absolute path (for messages, and where descriptor paths are unavailable). */
    readonly path: string,
  ) {}

  /**
   * Open `root/parts…`, refusing a part that is a symbolic link (or not a directory) at
   * the time of use, and creating missing parts when asked.
   *
   * @throws `options.linkError()` for a part that is a link now; the file system's error
   * (`ENOENT`, `ENOTDIR`) otherwise.
   */
  static async open(root: string, parts: readonly string[], options: OpenOptions): Promise<ConfinedDirectory> {
    let current = new ConfinedDirectory(await open(root, constants.O_RDONLY | O_DIRECTORY), root);
    try {
      for (const part of parts) {
        const next = await current.openChild(part, options);
        await current.close();
        current = next;
      }
      return current;
    } catch (error) {
      await current.close();
      throw error;
    }
  }

  /** The path that names `name` in this directory (the directory itself for `''`). */
  entry(name: string): string {
    return DESCRIPTOR_PATHS ? `/proc/self/fd/${this.handle.fd}${name === '' ? '' : `/${name}`}` : join(this.path, name);
  }

  close(): Promise<void> {
    return this.handle.close();
  }

  private async openChild(name: string, options: OpenOptions): Promise<ConfinedDirectory> {
    const path = this.entry(name);
    const real = join(this.path, name);
    const flags = constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW;
    try {
      return new ConfinedDirectory(await open(path, flags).catch((error: unknown) => refuseLink(error, path, options)), real);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || !options.create) throw error;
      await mkdir(path).catch((mkdirError: NodeJS.ErrnoException) => {
        if (mkdirError.code !== 'EEXIST') throw mkdirError;
      });
      return new ConfinedDirectory(await open(path, flags).catch((again: unknown) => refuseLink(again, path, options)), real);
    }
  }
}

/** Options of {@link ConfinedDirectory.open}. */
export interface OpenOptions {
  /** Create missing directories. */
  readonly create: boolean;
  /** The error for a part that is a symbolic link at the time of use. */
  readonly linkError: () => Error;
}

/**
 * `O_NOFOLLOW` on a link fails with `ELOOP` (or `ENOTDIR` with `O_DIRECTORY`, as a
 * regular file does): throw `options.linkError()` for a link, the error itself otherwise.
 */
export async function refuseLink(error: unknown, path: string, options: Pick<OpenOptions, 'linkError'>): Promise<never> {
  const code = (error as NodeJS.ErrnoException).code;
  if ((code === 'ELOOP' || code === 'ENOTDIR') && (await lstat(path).catch(() => undefined))?.isSymbolicLink()) throw options.linkError();
  throw error;
}
