import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '@toolcell/core';
import { MODEL_SOURCE } from '@toolcell/core';
import { createListFilesTool, createReadFileTool, createSearchTextTool, createWriteFileTool } from '@toolcell/demo-tools';
import type { ApprovalRequest } from '@toolcell/executor';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentRuntime } from '../agent/agent-runtime.js';
import { resolveSettings } from '../config/agent-settings.js';
import { runTool, temporaryDirectory } from '../test-support/tool-context.js';
import { Workspace } from './workspace.js';

const directories: { dispose(): void }[] = [];
afterEach(() => directories.splice(0).forEach((directory) => directory.dispose()));

function directory(files: Record<string, string> = {}): string {
  const made = temporaryDirectory(files);
  directories.push(made);
  return made.path;
}

/**
 * A workspace whose checks were all made before the test changed the tree: `resolve`
 * answers what it answered then. This is the state of a call whose path was checked,
 * and then a link was swapped in before the tool used it.
 */
class CheckedBeforeTheSwap extends Workspace {
  private readonly answers = new Map<string, string>();

  constructor(root: string, paths: readonly string[]) {
    super(root);
    for (const path of paths) this.answers.set(path, super.resolve(path));
  }

  override resolve(path: string, toolName?: string): string {
    return this.answers.get(path) ?? super.resolve(path, toolName);
  }
}

describe('Workspace and symbolic links', () => {
  it('refuses a write through a dangling link to a file outside, and creates nothing there', async () => {
    const outside = directory();
    const root = directory({ 'keep.md': 'x' });
    symlinkSync(join(outside, 'planted.txt'), join(root, 'notes.md'));
    symlinkSync('notes.md', join(root, 'chain.md'));
    symlinkSync(join(outside, 'new-dir'), join(root, 'dir'));
    const workspace = new Workspace(root);
    const write = createWriteFileTool(workspace);
    for (const path of ['notes.md', 'chain.md', 'dir/file.txt']) {
      expect(workspace.check(path, 'write_file').type, path).toBe('outside');
      await expect(runTool(write, { path, content: 'x' }), path).rejects.toMatchObject({ code: 'WORKSPACE_ESCAPE' });
    }
    expect(readdirSync(outside)).toEqual([]);
  });

  it('writes through a dangling link inside the workspace at the link’s target', async () => {
    const root = directory();
    symlinkSync('lib/real.md', join(root, 'notes.md'));
    const workspace = new Workspace(root);
    const written = await runTool(createWriteFileTool(workspace), { path: 'notes.md', content: 'hello' });
    expect(written.result.value).toEqual({ path: 'lib/real.md', bytes: 5, created: true });
    expect(lstatSync(join(root, 'notes.md')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(root, 'lib/real.md'), 'utf8')).toBe('hello');
  });

  it('refuses at the time of use a directory that became a link after the check', async () => {
    const outside = directory({ 'secret.txt': 'secret TODO' });
    const root = directory({ 'sub/a.txt': 'TODO inside' });
    const workspace = new CheckedBeforeTheSwap(root, ['sub', 'sub/a.txt', 'sub/new.txt', 'sub/secret.txt']);
    rmSync(join(root, 'sub'), { recursive: true });
    symlinkSync(outside, join(root, 'sub'));
    writeFileSync(join(outside, 'a.txt'), 'outside');
    const escape = { code: 'WORKSPACE_ESCAPE' };
    await expect(runTool(createWriteFileTool(workspace), { path: 'sub/new.txt', content: 'x' })).rejects.toMatchObject(escape);
    await expect(runTool(createReadFileTool(workspace), { path: 'sub/secret.txt' })).rejects.toMatchObject(escape);
    await expect(runTool(createListFilesTool(workspace), { path: 'sub' })).rejects.toMatchObject(escape);
    await expect(runTool(createSearchTextTool(workspace), { pattern: 'TODO', path: 'sub' })).rejects.toMatchObject(escape);
    expect(readdirSync(outside).sort()).toEqual(['a.txt', 'secret.txt']);
  });

  it('refuses at the time of use a file that became a link after the check', async () => {
    const outside = directory({ 'secret.txt': 'secret' });
    const root = directory({ 'a.txt': 'inside' });
    const workspace = new CheckedBeforeTheSwap(root, ['a.txt', 'new.txt']);
    symlinkSync(join(outside, 'planted.txt'), join(root, 'new.txt'));
    await expect(runTool(createWriteFileTool(workspace), { path: 'new.txt', content: 'x' })).rejects.toMatchObject({ code: 'WORKSPACE_ESCAPE' });
    await expect(workspace.readFile('new.txt', { signal: new AbortController().signal, maxBytes: 100 })).rejects.toMatchObject({ code: 'WORKSPACE_ESCAPE' });
    expect(existsSync(join(outside, 'planted.txt'))).toBe(false);
  });

  it('puts the real destination of a path through a link to the approval prompt', async () => {
    const root = directory();
    mkdirSync(join(root, 'lib'));
    symlinkSync('lib/real.md', join(root, 'notes.md'));
    const asked: ApprovalRequest['args'][] = [];
    const settings = resolveSettings({ workspace: root, config: {}, configFile: undefined, flags: { approve: 'ask' } });
    const runtime = await AgentRuntime.create({
      settings,
      transcript: () => undefined,
      prompts: {
        approve: async (request) => {
          asked.push(request.args);
          return true;
        },
        ask: async () => undefined,
      },
    });
    try {
      const args: JsonObject = { path: 'notes.md', content: 'x' };
      const [outcome] = await Promise.all(runtime.dispatchModelCalls([{ callId: 'c1', name: 'write_file', args, source: MODEL_SOURCE }]));
      expect(outcome).toMatchObject({ status: 'ok' });
      expect(asked).toEqual([{ path: 'lib/real.md', content: 'x' }]);
      expect(readFileSync(join(root, 'lib/real.md'), 'utf8')).toBe('x');
    } finally {
      await runtime.close();
    }
  });
});
