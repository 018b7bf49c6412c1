/** One entry of {@link MemoryFileSystem.list} (a type, not an interface: it is a JSON value). */
export type MemoryEntry = {
  path: string;
  type: 'file' | 'directory';
  size: number;
};

const encoder = new TextEncoder();

/**
 * The demo project in memory: files by workspace-relative path (`/` separators, no
 * leading `./`). Directories exist implicitly as the prefixes of file paths, so a path
 * can never leave the root: there is no `..` to follow and no link.
 */
export class MemoryFileSystem {
  private readonly files = new Map<string, string>();

  constructor(seed: Readonly<Record<string, string>> = {}) {
    for (const [path, content] of Object.entries(seed)) this.files.set(normalizePath(path), content);
  }

  /** The file's text, or `undefined` when there is none. */
  read(path: string): string | undefined {
    return this.files.get(normalizePath(path));
  }

  /** Create or replace a file; returns whether it existed. */
  write(path: string, content: string): boolean {
    const key = normalizePath(path);
    if (key === '.' || this.isDirectory(key)) throw new Error(`${path} is a directory.`);
    const existed = this.files.has(key);
    this.files.set(key, content);
    return existed;
  }

  /** Whether `path` names a directory (the root, or a prefix of some file). */
  isDirectory(path: string): boolean {
    const key = normalizePath(path);
    if (key === '.') return true;
    for (const file of this.files.keys()) if (file.startsWith(`${key}/`)) return true;
    return false;
  }

  /** Files and directories under `path`, sorted by path. */
  list(path: string, recursive: boolean): MemoryEntry[] {
    const key = normalizePath(path);
    const prefix = key === '.' ? '' : `${key}/`;
    const entries = new Map<string, MemoryEntry>();
    for (const [file, content] of this.files) {
      if (!file.startsWith(prefix)) continue;
      const parts = file.slice(prefix.length).split('/');
      const depth = recursive ? parts.length : 1;
      for (let index = 1; index <= depth; index += 1) {
        const entryPath = prefix + parts.slice(0, index).join('/');
        const isFile = index === parts.length;
        entries.set(entryPath, { path: entryPath, type: isFile ? 'file' : 'directory', size: isFile ? encoder.encode(content).length : 0 });
      }
    }
    return [...entries.values()].sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  }
}

/**
 * `path` as a key: `/`-separated, relative, without `.` segments. Refuses `..` and
 * absolute paths, the in-memory form of the app's workspace confinement.
 */
export function normalizePath(path: string): string {
  const parts = path.replace(/\\/g, '/').split('/').filter((part) => part !== '' && part !== '.');
  if (path.startsWith('/') || parts.includes('..')) throw new Error(`${path} is outside the workspace; use a path relative to the workspace root.`);
  return parts.length === 0 ? '.' : parts.join('/');
}
