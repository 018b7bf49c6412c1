import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from '../test-support/tool-context.js';
import { findConfinementViolation } from './confinement.js';
import { Workspace } from './workspace.js';
import { WorkspaceEscapeError } from './workspace-escape-error.js';

const directories: { dispose(): void }[] = [];
afterEach(() => directories.splice(0).forEach((directory) => directory.dispose()));

function workspaceWith(files: Record<string, string> = {}) {
  const directory = temporaryDirectory(files);
  directories.push(directory);
  return new Workspace(directory.path);
}

describe('Workspace', () => {
  it('resolves relative and absolute paths inside the root', () => {
    const workspace = workspaceWith({ 'a/b.txt': 'x' });
    expect(workspace.resolve('a/b.txt')).toBe(join(workspace.root, 'a', 'b.txt'));
    expect(workspace.resolve(join(workspace.root, 'a'))).toBe(join(workspace.root, 'a'));
    expect(workspace.check('a/../a/new/file.txt')).toEqual({
      type: 'inside',
      absolute: join(workspace.root, 'a', 'new', 'file.txt'),
      relative: 'a/new/file.txt',
    });
    expect(workspace.relative(workspace.root)).toBe('.');
    expect(workspace.check('..foo').type).toBe('inside');
  });

  it('refuses paths that leave the root, lexically or through a link', () => {
    const workspace = workspaceWith();
    const outside = temporaryDirectory({ 'secret.txt': 'x' });
    directories.push(outside);
    mkdirSync(join(workspace.root, 'inner'));
    symlinkSync(outside.path, join(workspace.root, 'inner', 'link'));
    for (const path of ['..', '../x', '/etc/passwd', 'inner/link/secret.txt', 'inner/link/new.txt']) {
      const checked = workspace.check(path, 'read_file');
      expect(checked.type, path).toBe('outside');
    }
    let thrown: unknown;
    try {
      workspace.resolve('../x', 'read_file');
    } catch (error) {
      thrown = error;
    }
    expect(WorkspaceEscapeError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'WORKSPACE_ESCAPE', toolName: 'read_file', path: '../x' });
    expect((thrown as Error).message).toBe(`"../x" is outside the workspace ${workspace.root}; use a path relative to the workspace root.`);
  });

  it('findConfinementViolation checks the path arguments of file tools only', () => {
    const workspace = workspaceWith();
    expect(findConfinementViolation(workspace, 'write_file', { path: '../evil', content: '' })?.code).toBe('WORKSPACE_ESCAPE');
    expect(findConfinementViolation(workspace, 'write_file', { path: 'ok.txt', content: '../x' })).toBeUndefined();
    expect(findConfinementViolation(workspace, 'ask_user_question', { question: '../x' })).toBeUndefined();
    expect(findConfinementViolation(workspace, 'list_files', {})).toBeUndefined();
  });
});
