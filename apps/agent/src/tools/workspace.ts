import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { WorkspaceEscapeError } from './workspace-escape-error.js';

/** Where a path lands relative to the workspace, or why it may not be used. */
export type WorkspacePathCheck =
  | { readonly type: 'inside'; readonly absolute: string; readonly relative: string }
  | { readonly type: 'outside'; readonly error: WorkspaceEscapeError };

/**
 * The directory the demo tools are confined to. Every path a tool touches goes through
 * {@link Workspace.resolve}; the confinement guard uses {@link Workspace.check} to refuse
 * a call before it runs.
 */
export class Workspace {
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
