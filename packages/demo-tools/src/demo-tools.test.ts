import type { FunctionToolDefinition, JsonObject, JsonValue } from '@toolcell/core';
import { MODEL_SOURCE, wireText } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { createDemoTools, DEMO_TOOL_NAMES, PATH_ARGUMENTS } from './demo-tools.js';
import type { WorkspaceReadOptions } from './demo-workspace.js';
import { createListFilesTool } from './list-files.js';
import { MemoryWorkspace } from './memory-workspace.js';
import { createReadFileTool, MAX_READ_BYTES } from './read-file.js';
import { createSearchTextTool } from './search-text.js';
import { createWriteFileTool } from './write-file.js';

const PROJECT = {
  'notes.md': 'plan\nTODO(kim): ship\n',
  'lib/a.ts': 'export const a = 1; // TODO: test\n',
  'lib/deep/b.ts': 'export {};\n',
  '.git/HEAD': 'TODO: not a project file\n',
  'blob.dat': 'x\u0000TODO',
};

function call<Input extends JsonObject, Result extends JsonValue>(tool: FunctionToolDefinition<Input, Result>, input: Input) {
  return tool.execute(input, { callId: 'c1', toolName: tool.name, source: MODEL_SOURCE, scopeId: 'root', signal: new AbortController().signal });
}

describe('the demo tools over a MemoryWorkspace', () => {
  it('are the six named tools, with a path argument for each file tool', () => {
    const tools = createDemoTools({ workspace: new MemoryWorkspace(), contextMeter: { tokensLeft: () => 0 }, ask: async () => undefined });
    expect(tools.map((tool) => tool.name)).toEqual([...DEMO_TOOL_NAMES]);
    expect(Object.keys(PATH_ARGUMENTS)).toEqual(['list_files', 'read_file', 'search_text', 'write_file']);
  });

  it('list_files walks implied directories in path order and stops at max_entries', async () => {
    const tool = createListFilesTool(new MemoryWorkspace(PROJECT));
    const all = await call(tool, {});
    expect(all.result.value.entries).toEqual([
      { path: 'blob.dat', type: 'file', size: 6 },
      { path: 'lib', type: 'directory', size: 0 },
      { path: 'lib/a.ts', type: 'file', size: 34 },
      { path: 'lib/deep', type: 'directory', size: 0 },
      { path: 'lib/deep/b.ts', type: 'file', size: 11 },
      { path: 'notes.md', type: 'file', size: 21 },
    ]);
    const cut = await call(tool, { path: './lib', recursive: false, max_entries: 1 });
    expect(cut.result.value).toEqual({ path: 'lib', entries: [{ path: 'lib/a.ts', type: 'file', size: 34 }], truncated: true });
    expect(wireText(cut.wire)).toBe('1 entries under lib (truncated at 1)\nlib/a.ts (34 bytes)');
    await expect(call(tool, { path: 'notes.md' })).rejects.toThrow('notes.md is not a directory');
  });

  it('read_file numbers the lines for the model and refuses missing and binary files', async () => {
    const tool = createReadFileTool(new MemoryWorkspace(PROJECT));
    const read = await call(tool, { path: 'notes.md', end_line: 1 });
    expect(read.result.value).toEqual({ path: 'notes.md', content: 'plan', start_line: 1, end_line: 1, total_lines: 2 });
    expect(wireText(read.wire)).toBe('notes.md (lines 1-1 of 2)\n1| plan');
    await expect(call(tool, { path: 'missing.md' })).rejects.toThrow('missing.md is not a file');
    await expect(call(tool, { path: 'blob.dat' })).rejects.toThrow('blob.dat is a binary file');
    await expect(call(tool, { path: '../up.md' })).rejects.toThrow('../up.md is outside the workspace');
  });

  it('search_text skips .git and binary files and uses RE2 syntax', async () => {
    const tool = createSearchTextTool(new MemoryWorkspace(PROJECT));
    const found = await call(tool, { pattern: 'TODO(\\(\\w+\\))?:' });
    expect(found.result.value).toEqual({
      matches: [
        { path: 'lib/a.ts', line: 1, text: 'export const a = 1; // TODO: test' },
        { path: 'notes.md', line: 2, text: 'TODO(kim): ship' },
      ],
      files_searched: 4,
      truncated: false,
    });
    const one = await call(tool, { pattern: 'todo', ignore_case: true, path: 'notes.md' });
    expect(wireText(one.wire)).toBe('1 matching lines in 1 files\nnotes.md:2: TODO(kim): ship');
    await expect(call(tool, { pattern: 'x', path: 'nowhere' })).rejects.toThrow('nowhere does not exist');
    await expect(call(tool, { pattern: '(?=x)' })).rejects.toThrow(/RE2 syntax/);
  });

  it('search_text skips a file larger than the read limit by its listed size, without reading it', async () => {
    const read: string[] = [];
    const workspace = new (class extends MemoryWorkspace {
      override readFile(path: string, options: WorkspaceReadOptions) {
        read.push(path);
        return super.readFile(path, options);
      }
    })({ 'big.log': `TODO ${'x'.repeat(MAX_READ_BYTES)}`, 'small.md': 'TODO\n' });
    const found = await call(createSearchTextTool(workspace), { pattern: 'TODO' });
    expect(found.result.value).toEqual({ matches: [{ path: 'small.md', line: 1, text: 'TODO' }], files_searched: 2, truncated: false });
    expect(read).toEqual(['small.md']);
    await call(createSearchTextTool(workspace), { pattern: 'TODO', path: 'big.log' });
    expect(read).toEqual(['small.md']);
  });

  it('write_file creates, replaces and refuses to overwrite a directory', async () => {
    const workspace = new MemoryWorkspace(PROJECT);
    const tool = createWriteFileTool(workspace);
    expect((await call(tool, { path: 'out/r.md', content: 'ü' })).result.value).toEqual({ path: 'out/r.md', bytes: 2, created: true });
    const replaced = await call(tool, { path: 'out/r.md', content: 'v2' });
    expect(wireText(replaced.wire)).toBe('Replaced out/r.md (2 bytes).');
    expect(workspace.text('out/r.md')).toBe('v2');
    await expect(call(tool, { path: 'lib', content: '' })).rejects.toThrow('lib exists and is not a file.');
    await expect(call(tool, { path: 'new/x.md', content: '', create_directories: false })).rejects.toThrow('new does not exist.');
  });
});
