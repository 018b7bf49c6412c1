import { realpathSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { DemoWorkspace, WorkspaceChild, WorkspaceStat } from '@toolcell/demo-tools';
import { WorkspaceEscapeError } from './workspace-escape-error.js';

/** Where a path lands relative to the workspace, or why it may not be used. */
export type WorkspacePathCheck =
  | { readonly type: 'inside'; readonly absolute: string; readonly relative: string }
  | { readonly type: 'outside'; readonly error: WorkspaceEscapeError };

/**
 * The directory the demo tools are confined to: the Node implementation of the tools'
 * {@link DemoWorkspace}. Every path a tool touches goes through {@link Workspace.resolve};
 * the confinement guard uses {@link Workspace.check} to refuse a call before it runs.
 */
export class Workspace implements DemoWorkspace {
  /** The real (symlink-free) absolute path of the root. */
  readonly root: string;

  constructor(root: string) {
    this.root = realpathSync(resolve(root));
  }

  /** Where `path` lands, following symbolic links of the parts that already exist. */
  check(path: string, toolName?: string): WorkspacePathCheck {
    const lexical = resolve(this.root, path);
    const real = realPathOfNearestExisting(lexical);
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
    const info = await stat(this.resolve(path)).catch(() => undefined);
    if (info?.isFile()) return { type: 'file', size: info.size };
    return info?.isDirectory() ? { type: 'directory' } : undefined;
  }

  async children(path: string): Promise<WorkspaceChild[]> {
    const directory = this.resolve(path);
    const children: WorkspaceChild[] = [];
    // Links are left out: following one could leave the workspace.
    for (const child of await readdir(directory, { withFileTypes: true })) {
      if (child.isDirectory()) children.push({ name: child.name, type: 'directory' });
      else if (child.isFile()) children.push({ name: child.name, type: 'file', size: (await stat(join(directory, child.name))).size });
    }
    return children;
  }

  readFile(path: string, signal: AbortSignal): Promise<Uint8Array> {
    return readFile(this.resolve(path), { signal });
  }

  async writeFile(path: string, content: string, options: { readonly createDirectories: boolean; readonly signal: AbortSignal }): Promise<void> {
    const file = this.resolve(path);
    if (options.createDirectories) await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content, { encoding: 'utf8', signal: options.signal });
  }

  private containsLexically(absolute: string): boolean {
    const path = relative(this.root, absolute);
    return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path));
  }
}

/** The real path of `absolute`, resolving links in the longest prefix that exists. */
function realPathOfNearestExisting(absolute: string): string {
  let existing = absolute;
  const missing: string[] = [];
  for (;;) {
    try {
      const real = realpathSync(existing);
      return missing.length === 0 ? real : resolve(real, ...missing.reverse());
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return absolute;
      missing.push(existing.slice(parent.length).replace(/^[\\/]/, ''));
      existing = parent;
    }
  }
}
