import { execFileSync } from 'node:child_process';
import { lstatSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createListFilesTool, createReadFileTool, createSearchTextTool, createWriteFileTool, MAX_READ_BYTES } from '@toolcell/demo-tools';
import { afterEach, describe, expect, it } from 'vitest';
import { runTool, searchFound, temporaryDirectory } from '../test-support/tool-context.js';
import { Workspace } from './workspace.js';

const directories: { dispose(): void }[] = [];
afterEach(() => directories.splice(0).forEach((directory) => directory.dispose()));

function workspaceWith(files: Record<string, string>): Workspace {
  const made = temporaryDirectory(files);
  directories.push(made);
  return new Workspace(made.path);
}

const GIB = 1024 ** 3;

// Before each tool returns, nothing may wait on a FIFO: an open that blocked would hold a
// thread of libuv's pool for good (the CLI could not exit), and these tests would time out.
describe('Workspace and special files', () => {
  it('never opens a FIFO: write_file and read_file refuse it, search_text and list_files pass it by', async () => {
    const workspace = workspaceWith({ 'a.txt': 'TODO one\n' });
    execFileSync('mkfifo', [join(workspace.root, 'pipe')]);
    await expect(runTool(createWriteFileTool(workspace), { path: 'pipe', content: 'x' })).rejects.toThrow('pipe exists and is not a file.');
    await expect(runTool(createReadFileTool(workspace), { path: 'pipe' })).rejects.toThrow('pipe is not a file; use list_files to see what is there.');
    await expect(runTool(createSearchTextTool(workspace), { pattern: 'x', path: 'pipe' })).rejects.toThrow('pipe is not a regular file or a directory');
    const found = await runTool(createSearchTextTool(workspace), { pattern: 'TODO' });
    expect(found.result.value).toEqual({ matches: [{ path: 'a.txt', line: 1, text: 'TODO one' }], files_searched: 1, truncated: false });
    expect((await runTool(createListFilesTool(workspace), {})).result.value.entries.map((entry) => entry.path)).toEqual(['a.txt']);
    // Reached without the tools' stat first (a file replaced by a FIFO after it was listed):
    const options = { signal: new AbortController().signal, maxBytes: 100 };
    await expect(workspace.readFile('pipe', options)).rejects.toThrow('pipe is not a regular file.');
    await expect(workspace.writeFile('pipe', 'x', { createDirectories: false, signal: options.signal })).rejects.toThrow('pipe exists and is not a regular file.');
    expect(lstatSync(join(workspace.root, 'pipe')).isFIFO()).toBe(true);
  });

  it('search_text skips a 3 GiB file by its size, unread, and finds the rest', async () => {
    const workspace = workspaceWith({ 'a.txt': 'TODO one\n', 'z.txt': 'TODO two\n' });
    // Sparse: no disk space is taken, and before the fix reading it failed the whole search.
    writeFileSync(join(workspace.root, 'huge.log'), '');
    truncateSync(join(workspace.root, 'huge.log'), 3 * GIB);
    const found = await runTool(createSearchTextTool(workspace), { pattern: 'TODO' });
    expect(found.result.value).toEqual(
      searchFound(3, [
        ['a.txt', 1, 'TODO one'],
        ['z.txt', 1, 'TODO two'],
      ]),
    );
    await expect(runTool(createSearchTextTool(workspace), { pattern: 'TODO', path: 'huge.log' })).resolves.toMatchObject({ result: { value: { matches: [] } } });
    await expect(workspace.readFile('huge.log', { signal: new AbortController().signal, maxBytes: MAX_READ_BYTES })).rejects.toThrow(
      `huge.log has ${3 * GIB} bytes, more than the limit of ${MAX_READ_BYTES}.`,
    );
  });

  it('write_file replaces a file by renaming a new one over it, keeping its mode and leaving no temporary file', async () => {
    const workspace = workspaceWith({ 'run.sh': 'echo 1\n' });
    execFileSync('chmod', ['750', join(workspace.root, 'run.sh')]);
    await runTool(createWriteFileTool(workspace), { path: 'run.sh', content: 'echo 2\n' });
    expect(lstatSync(join(workspace.root, 'run.sh')).mode & 0o777).toBe(0o750);
    expect((await workspace.children('.')).map((child) => child.name)).toEqual(['run.sh']);
    await expect(runTool(createWriteFileTool(workspace), { path: 'run.sh/x', content: '' })).rejects.toThrow('run.sh is not a directory.');
  });
});
