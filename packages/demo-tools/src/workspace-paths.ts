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
