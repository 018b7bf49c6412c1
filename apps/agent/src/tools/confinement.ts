import type { JsonObject } from '@toolcell/core';
import { PATH_ARGUMENTS } from '@toolcell/demo-tools';
import type { Workspace } from './workspace.js';
import type { WorkspaceEscapeError } from './workspace-escape-error.js';

/**
 * The first path argument of a demo-tool call that leaves the workspace, as the error to
 * deny it with; `undefined` when every path stays inside (or the tool takes no paths).
 */
export function findConfinementViolation(
  workspace: Workspace,
  toolName: string,
  args: JsonObject | undefined,
): WorkspaceEscapeError | undefined {
  for (const key of PATH_ARGUMENTS[toolName] ?? []) {
    const value = args?.[key];
    if (typeof value !== 'string') continue;
    const checked = workspace.check(value, toolName);
    if (checked.type === 'outside') return checked.error;
  }
  return undefined;
}

/**
 * The call's arguments with each path argument replaced by where it finally lands,
 * relative to the root (links followed), or `undefined` when every path already says so.
 * The approval prompt then names the real destination, and the tool acts on that path.
 */
export function realPathArguments(workspace: Workspace, toolName: string, args: JsonObject): JsonObject | undefined {
  let rewritten: JsonObject | undefined;
  for (const key of PATH_ARGUMENTS[toolName] ?? []) {
    const value = args[key];
    if (typeof value !== 'string') continue;
    const checked = workspace.check(value, toolName);
    if (checked.type === 'inside' && checked.relative !== value) rewritten = { ...(rewritten ?? args), [key]: checked.relative };
  }
  return rewritten;
}
