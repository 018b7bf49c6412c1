import { constants, realpathSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { lstat, open, readdir, rename, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { DemoWorkspace, WorkspaceChild, WorkspaceReadOptions, WorkspaceStat } from '@toolcell/demo-tools';
import { ConfinedDirectory, refuseLink } from './confined-directory.js';
import { finalLocation } from './final-location.js';
import { WorkspaceEscapeError } from './workspace-escape-error.js';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
// A FIFO opened for reading without it does not return until a writer comes.
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/** Where a path lands relative to the workspace, or why it may not be used. */
export type WorkspacePathCheck =
  | { readonly type: 'inside'; readonly absolute: string; readonly relative: string }
  | { readonly type: 'outside'; readonly error: WorkspaceEscapeError };

/**
 * The directory the demo tools are confined to: the Node implementation of the tools'
 * {@link DemoWorkspace}. Every path a tool touches goes through {@link Workspace.resolve},
 * which follows every link on the way (dangling ones too) to where the path finally lands;
 * the confinement guard uses {@link Workspace.check} to refuse a call before it runs.
 *
 * At the time of use, nothing is reached through a link: each directory is opened from
 * the root one part at a time with `O_NOFOLLOW` (anchored on the open descriptor of the
 * one above, on Linux), files are opened with `O_NOFOLLOW`, and a write goes to a new
 * file in the opened directory that is then renamed over the destination. A link swapped
 * in after the check is refused (`WORKSPACE_ESCAPE`), never followed. Only regular files
 * and directories are touched: a FIFO, socket or device is refused without being opened
 * for writing, and reads open with `O_NONBLOCK` and check the opened descriptor.
 */
export class Workspace implements DemoWorkspace {
  /** The real (symlink-free) absolute path of the root. */
  readonly root: string;

  constructor(root: string) {
    this.root = realpathSync(resolve(root));
  }

  /** Where `path` finally lands, following every symbolic link on the way (dangling ones too). */
  check(path: string, toolName?: string): WorkspacePathCheck {
    const lexical = resolve(this.root, path);
    const real = finalLocation(lexical);
    if (!this.containsLexically(lexical) || !this.containsLexically(real)) {
      return { type: 'outside', error: new WorkspaceEscapeError({ path, root: this.root, toolName }) };
    }
    return { type: 'inside', absolute: real, relative: this.relative(real) };
  }

  /** The absolute path for `path`; throws {@link WorkspaceEscapeError} when it leaves the root. */
  resolve(path: string, toolName?: string): string {
    const checked = this.check(path, toolName);
    if (checked.type === 'outside') throw checked.error;
    return checked.absolute;
  }

  /** `absolute` relative to the root, with `/` separators (`.` for the root itself). */
  relative(absolute: string): string {
    const path = relative(this.root, absolute);
    return path === '' ? '.' : path.split(sep).join('/');
  }

  /** `path` relative to the root; throws {@link WorkspaceEscapeError} when it leaves the root. */
  relativePath(path: string, toolName?: string): string {
    return this.relative(this.resolve(path, toolName));
  }

  async stat(path: string): Promise<WorkspaceStat | undefined> {
    const { parents, name } = this.locate(path);
    if (name === undefined) return { type: 'directory' };
    const directory = await this.openDirectory(path, parents, false).catch(rethrowEscape);
    if (directory === undefined) return undefined;
    try {
      const info = await lstat(directory.entry(name)).catch(() => undefined);
      if (info === undefined) return undefined;
      if (info.isSymbolicLink()) throw this.linkError(path).linkError();
      if (info.isFile()) return { type: 'file', size: info.size };
      return info.isDirectory() ? { type: 'directory' } : { type: 'other' };
    } finally {
      await directory.close();
    }
  }

  async children(path: string): Promise<WorkspaceChild[]> {
    const { parts } = this.locate(path);
    const directory = await this.openDirectory(path, parts, false);
    try {
      const children: WorkspaceChild[] = [];
      // Links and special files are left out: following a link could leave the workspace.
      for (const child of await readdir(directory.entry(''), { withFileTypes: true })) {
        if (child.isDirectory()) children.push({ name: child.name, type: 'directory' });
        if (!child.isFile()) continue;
        const info = await lstat(directory.entry(child.name)).catch(() => undefined);
        if (info?.isFile()) children.push({ name: child.name, type: 'file', size: info.size });
      }
      return children;
    } finally {
      await directory.close();
    }
  }

  async readFile(path: string, options: WorkspaceReadOptions): Promise<Uint8Array> {
    options.signal.throwIfAborted();
    const { parents, name } = this.locate(path);
    if (name === undefined) throw new Error(`${path} is not a regular file.`);
    const directory = await this.openDirectory(path, parents, false);
    try {
      const entry = directory.entry(name);
      const handle = await open(entry, constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK).catch((error: unknown) => refuseLink(error, entry, this.linkError(path)));
      try {
        const info = await handle.stat();
        if (!info.isFile()) throw new Error(`${path} is not a regular file.`);
        return await readAtMost(handle, { path, size: info.size, maxBytes: options.maxBytes });
      } finally {
        await handle.close();
      }
    } finally {
      await directory.close();
    }
  }

  async writeFile(path: string, content: string, options: { readonly createDirectories: boolean; readonly signal: AbortSignal }): Promise<void> {
    const { parents, name } = this.locate(path);
    if (name === undefined) throw new Error(`${path} is a directory.`);
    const directory = await this.openDirectory(path, parents, options.createDirectories).catch((error: unknown) => {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = this.relative(resolve(this.root, ...parents));
      if (code === 'ENOENT') throw new Error(`${parent} does not exist.`, { cause: error });
      if (code === 'ENOTDIR') throw new Error(`${parent} is not a directory.`, { cause: error });
      throw error;
    });
    try {
      const destination = directory.entry(name);
      const existing = await lstat(destination).catch(() => undefined);
      if (existing?.isSymbolicLink()) throw this.linkError(path).linkError();
      if (existing !== undefined && !existing.isFile()) throw new Error(`${path} exists and is not a regular file.`);
      // A new file nobody else can have opened, renamed over the destination: the write
      // never opens what is there (a FIFO would block it) nor follows a link put there.
      const temporary = directory.entry(`.toolcell-write-${randomBytes(6).toString('hex')}.tmp`);
      const handle = await open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | O_NOFOLLOW, 0o666);
      try {
        try {
          await handle.writeFile(content, { encoding: 'utf8', signal: options.signal });
          if (existing !== undefined) await handle.chmod(existing.mode & 0o7777);
        } finally {
          await handle.close();
        }
        await rename(temporary, destination);
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
    } finally {
      await directory.close();
    }
  }

  /** The parts of where `path` lands, relative to the root: its directories and its name (none for the root). */
  private locate(path: string): { parts: string[]; parents: string[]; name: string | undefined } {
    const parts = relative(this.root, this.resolve(path)).split(sep).filter((part) => part !== '');
    return { parts, parents: parts.slice(0, -1), name: parts.at(-1) };
  }

  private openDirectory(path: string, parts: readonly string[], create: boolean): Promise<ConfinedDirectory> {
    return ConfinedDirectory.open(this.root, parts, { create, ...this.linkError(path) });
  }

  /** What a link met at the time of use is refused with. */
  private linkError(path: string): { linkError: () => WorkspaceEscapeError } {
    return { linkError: () => new WorkspaceEscapeError({ path, root: this.root }) };
  }

  private containsLexically(absolute: string): boolean {
    const path = relative(this.root, absolute);
    return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
  }
}

/** A missing directory makes `stat` answer `undefined`; a link met on the way is still refused. */
function rethrowEscape(error: unknown): undefined {
  if (WorkspaceEscapeError.isInstance(error)) throw error;
  return undefined;
}

/** A regular file's bytes, reading no more than `maxBytes` + 1 (a file may grow after its size was read). */
async function readAtMost(handle: FileHandle, file: { readonly path: string; readonly size: number; readonly maxBytes: number }): Promise<Uint8Array> {
  const tooLarge = (size: number) => new Error(`${file.path} has ${size} bytes, more than the limit of ${file.maxBytes}.`);
  if (file.size > file.maxBytes) throw tooLarge(file.size);
  let buffer = Buffer.alloc(file.size + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > file.maxBytes) throw tooLarge(length);
      const larger = Buffer.alloc(file.maxBytes + 1);
      buffer.copy(larger, 0, 0, length);
      buffer = larger;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
  }
}
