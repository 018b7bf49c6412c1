import type { DemoWorkspace, WorkspaceChild, WorkspaceReadOptions, WorkspaceStat } from './demo-workspace.js';

const encoder = new TextEncoder();

/**
 * A workspace in memory: files by workspace-relative path. Directories exist implicitly
 * as the prefixes of file paths (and as the parents of files written), so a path can
 * never leave the root: there is no `..` to follow and no link. For the playground and
 * for tests.
 */
export class MemoryWorkspace implements DemoWorkspace {
  private readonly files = new Map<string, Uint8Array>();

  /** @param seed the initial files' texts by workspace-relative path. */
  constructor(seed: Readonly<Record<string, string>> = {}) {
    for (const [path, content] of Object.entries(seed)) this.files.set(this.relativePath(path), encoder.encode(content));
  }

  /**
   * `/`-separated, relative, without `.` segments.
   *
   * @throws Error for `..` and absolute paths, the in-memory form of a workspace escape.
   */
  relativePath(path: string): string {
    const parts = path.replace(/\\/g, '/').split('/').filter((part) => part !== '' && part !== '.');
    if (path.startsWith('/') || parts.includes('..')) throw new Error(`${path} is outside the workspace; use a path relative to the workspace root.`);
    return parts.length === 0 ? '.' : parts.join('/');
  }

  stat(path: string): Promise<WorkspaceStat | undefined> {
    const file = this.files.get(path);
    if (file !== undefined) return Promise.resolve({ type: 'file', size: file.length });
    return Promise.resolve(this.isDirectory(path) ? { type: 'directory' } : undefined);
  }

  children(path: string): Promise<WorkspaceChild[]> {
    const prefix = path === '.' ? '' : `${path}/`;
    const children = new Map<string, WorkspaceChild>();
    for (const [file, bytes] of this.files) {
      if (!file.startsWith(prefix)) continue;
      const [name = '', ...rest] = file.slice(prefix.length).split('/');
      children.set(name, rest.length === 0 ? { name, type: 'file', size: bytes.length } : { name, type: 'directory' });
    }
    return Promise.resolve([...children.values()]);
  }

  readFile(path: string, options: WorkspaceReadOptions): Promise<Uint8Array> {
    const file = this.files.get(path);
    if (file === undefined) return Promise.reject(new Error(`${path} does not exist.`));
    if (file.length > options.maxBytes) return Promise.reject(new Error(`${path} has ${file.length} bytes, more than the limit of ${options.maxBytes}.`));
    return Promise.resolve(file);
  }

  writeFile(path: string, content: string, options: { readonly createDirectories: boolean }): Promise<void> {
    if (path === '.' || this.isDirectory(path)) return Promise.reject(new Error(`${path} is a directory.`));
    const parent = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.';
    if (!options.createDirectories && !this.isDirectory(parent)) return Promise.reject(new Error(`${parent} does not exist.`));
    this.files.set(path, encoder.encode(content));
    return Promise.resolve();
  }

  /** A file's text, or `undefined` when there is none (for hosts and tests). */
  text(path: string): string | undefined {
    const file = this.files.get(this.relativePath(path));
    return file === undefined ? undefined : new TextDecoder().decode(file);
  }

  private isDirectory(path: string): boolean {
    if (path === '.') return true;
    for (const file of this.files.keys()) if (file.startsWith(`${path}/`)) return true;
    return false;
  }
}

