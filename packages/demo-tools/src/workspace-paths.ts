import type { DemoWorkspace, WorkspaceChild } from './demo-workspace.js';

/** Directories nobody wants listed or searched. */
const SKIPPED = new Set(['.git', 'node_modules']);

/** `name` inside the workspace-relative directory `directory`. */
export function joinPath(directory: string, name: string): string {
  return directory === '.' ? name : `${directory}/${name}`;
}

/** A directory's children sorted by name, without `.git`, `node_modules`. */
export async function sortedChildren(workspace: DemoWorkspace, directory: string, signal: AbortSignal): Promise<WorkspaceChild[]> {
  signal.throwIfAborted();
  const children = (await workspace.children(directory, signal)).filter((child) => !SKIPPED.has(child.name));
  return children.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
}

/** An entry of a walk: its workspace-relative path, and its size for a file. */
export type WalkedEntry = { readonly path: string; readonly type: 'file'; readonly size: number } | { readonly path: string; readonly type: 'directory' };

/**
 * The entries under `directory`, depth-first in name order, each directory before what it
 * holds (only its children when `recursive` is false). Lazy: a walk stopped early reads no
 * further directory.
 */
export async function* walkWorkspace(workspace: DemoWorkspace, directory: string, options: { readonly recursive: boolean; readonly signal: AbortSignal }): AsyncGenerator<WalkedEntry> {
  for (const child of await sortedChildren(workspace, directory, options.signal)) {
    const path = joinPath(directory, child.name);
    if (child.type === 'file') {
      yield { path, type: 'file', size: child.size };
      continue;
    }
    yield { path, type: 'directory' };
    if (options.recursive) yield* walkWorkspace(workspace, path, options);
  }
}
