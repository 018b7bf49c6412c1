import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { wireText } from '@toolcell/core';
import type { ToolDefinition } from '@toolcell/core';
import { afterEach, describe, expect, it } from 'vitest';
import { runTool, searchFound, temporaryDirectory, toolContext } from '../test-support/tool-context.js';
import {
  createAskUserQuestionTool,
  createDemoTools,
  createGetContextRemainingTool,
  createListFilesTool,
  createReadFileTool,
  createSearchTextTool,
  createWriteFileTool,
  DEMO_TOOL_NAMES,
} from '@toolcell/demo-tools';
import { Workspace } from './workspace.js';

const directories: { dispose(): void }[] = [];
afterEach(() => directories.splice(0).forEach((directory) => directory.dispose()));

function workspaceWith(files: Record<string, string>) {
  const directory = temporaryDirectory(files);
  directories.push(directory);
  return new Workspace(directory.path);
}

const FILES = {
  'src/app.js': 'const a = 1;\n// TODO(ana): rename\nexport default a;\n',
  'src/lib/util.js': '// todo lower case\n// TODO: nobody\n',
  'README.md': '# Demo\n',
  'node_modules/x/index.js': '// TODO: hidden\n',
  'image.bin': 'PNG\u0000\u0001TODO',
};

// The shared demo tools over the app's Node workspace (a real directory, escapes refused).
describe('demo tools', () => {
  it('declares six tools with object input and output schemas that ajv compiles', () => {
    const tools: ToolDefinition[] = createDemoTools({
      workspace: workspaceWith({}),
      contextMeter: { tokensLeft: () => 1 },
      ask: async () => undefined,
    });
    expect(tools.map((tool) => tool.name)).toEqual([...DEMO_TOOL_NAMES]);
    const ajv = new Ajv({ strict: false });
    for (const tool of tools) {
      expect(tool.kind).toBe('function');
      if (tool.kind !== 'function') continue;
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      ajv.compile(tool.inputSchema);
      ajv.compile(tool.outputSchema ?? {});
    }
    expect(tools.filter((tool) => tool.needsApproval).map((tool) => tool.name)).toEqual(['write_file']);
    expect(tools.filter((tool) => tool.readOnly).map((tool) => tool.name)).toEqual([
      'get_context_remaining',
      'list_files',
      'read_file',
      'search_text',
    ]);
  });

  it('list_files lists sorted entries, skipping node_modules', async () => {
    const workspace = workspaceWith(FILES);
    const output = await runTool(createListFilesTool(workspace), {});
    expect(output.result.value.entries.map((entry) => entry.path)).toEqual(['README.md', 'image.bin', 'src', 'src/app.js', 'src/lib', 'src/lib/util.js']);
    expect(output.result.value.truncated).toBe(false);
    expect(wireText(output.wire).split('\n')[0]).toBe('6 entries under .');
    const shallow = await runTool(createListFilesTool(workspace), { path: 'src', recursive: false, max_entries: 1 });
    expect(shallow.result.value).toEqual({ path: 'src', entries: [{ path: 'src/app.js', type: 'file', size: Buffer.byteLength(FILES['src/app.js']) }], truncated: true });
  });

  it('read_file gives programs raw text and the model numbered lines', async () => {
    const workspace = workspaceWith(FILES);
    const output = await runTool(createReadFileTool(workspace), { path: 'src/app.js', start_line: 2 });
    expect(output.result.value).toEqual({ path: 'src/app.js', content: '// TODO(ana): rename\nexport default a;', start_line: 2, end_line: 3, total_lines: 3 });
    expect(wireText(output.wire)).toBe('src/app.js (lines 2-3 of 3)\n2| // TODO(ana): rename\n3| export default a;');
  });

  it('read_file refuses directories, binary files and escapes', async () => {
    const workspace = workspaceWith(FILES);
    const tool = createReadFileTool(workspace);
    await expect(runTool(tool, { path: 'src' })).rejects.toThrow('src is not a file; use list_files to see what is there.');
    await expect(runTool(tool, { path: 'image.bin' })).rejects.toThrow('image.bin is a binary file; read_file reads text only.');
    await expect(runTool(tool, { path: '../outside.txt' })).rejects.toMatchObject({ code: 'WORKSPACE_ESCAPE', name: '@toolcell/agent/WorkspaceEscapeError' });
  });

  it('search_text finds matching lines in text files only', async () => {
    const workspace = workspaceWith(FILES);
    const output = await runTool(createSearchTextTool(workspace), { pattern: 'TODO' });
    expect(output.result.value).toEqual(
      searchFound(4, [
        ['src/app.js', 2, '// TODO(ana): rename'],
        ['src/lib/util.js', 2, '// TODO: nobody'],
      ]),
    );
    expect(wireText(output.wire)).toBe('2 matching lines in 4 files\nsrc/app.js:2: // TODO(ana): rename\nsrc/lib/util.js:2: // TODO: nobody');
    const insensitive = await runTool(createSearchTextTool(workspace), { pattern: 'todo', ignore_case: true, path: 'src/lib', max_results: 1 });
    expect(insensitive.result.value).toMatchObject({ matches: [{ path: 'src/lib/util.js', line: 1 }], truncated: true });
    await expect(runTool(createSearchTextTool(workspace), { pattern: '(' })).rejects.toThrow(/^pattern is not a valid regular expression: /);
  });

  it('search_text runs patterns in a linear-time engine: a catastrophic pattern over a long line ends, backreferences are refused', async () => {
    // In a backtracking engine (`RegExp`) this pattern over this line would not end in any useful time.
    const workspace = workspaceWith({ 'long.txt': `${'a'.repeat(100_000)}\n`, 'short.txt': 'aa!\n' });
    const output = await runTool(createSearchTextTool(workspace), { pattern: '(.*.*)*!' });
    expect(output.result.value).toEqual({ matches: [{ path: 'short.txt', line: 1, text: 'aa!' }], files_searched: 2, truncated: false });
    await expect(runTool(createSearchTextTool(workspace), { pattern: '(a)\\1' })).rejects.toThrow(
      'pattern is not a valid regular expression: error parsing regexp: invalid escape sequence: `\\1` (search_text uses RE2 syntax: no backreferences or lookaround).',
    );
  });

  it('write_file creates and replaces files inside the workspace', async () => {
    const workspace = workspaceWith(FILES);
    const tool = createWriteFileTool(workspace);
    const created = await runTool(tool, { path: 'out/report.md', content: 'héllo' });
    expect(created.result.value).toEqual({ path: 'out/report.md', bytes: 6, created: true });
    expect(wireText(created.wire)).toBe('Created out/report.md (6 bytes).');
    const replaced = await runTool(tool, { path: 'out/report.md', content: 'bye' });
    expect(replaced.result.value.created).toBe(false);
    expect(readFileSync(join(workspace.root, 'out/report.md'), 'utf8')).toBe('bye');
    await expect(runTool(tool, { path: 'src', content: '' })).rejects.toThrow('src exists and is not a file.');
    await expect(runTool(tool, { path: '../x', content: '' })).rejects.toMatchObject({ code: 'WORKSPACE_ESCAPE' });
  });

  it('get_context_remaining: a typed object for programs, a sentence for the model', async () => {
    const output = await createGetContextRemainingTool({ tokensLeft: () => 9000.7 }).execute({}, toolContext('get_context_remaining'));
    expect(output.result.value).toEqual({ tokens_left: 9000 });
    expect(wireText(output.wire)).toBe('9000 tokens left');
    const exhausted = await createGetContextRemainingTool({ tokensLeft: () => -5 }).execute({}, toolContext('get_context_remaining'));
    expect(exhausted.result.value.tokens_left).toBe(0);
  });

  it('ask_user_question passes the question through and reports when nobody answers', async () => {
    const asked: unknown[] = [];
    const answered = await runTool(
      createAskUserQuestionTool(async (question) => {
        asked.push(question);
        return 'yes';
      }),
      { question: 'Proceed?', options: ['yes', 'no'] },
    );
    expect(asked).toEqual([{ question: 'Proceed?', options: ['yes', 'no'] }]);
    expect(answered.result.value).toEqual({ answered: true, answer: 'yes' });
    expect(wireText(answered.wire)).toBe('The user answered: yes');
    const unanswered = await runTool(createAskUserQuestionTool(async () => undefined), { question: 'Proceed?' });
    expect(unanswered.result.value).toEqual({ answered: false, answer: null });
    expect(wireText(unanswered.wire)).toMatch(/^Nobody answered \(no one can be asked, or the person declined\)/);
    // A person is not held to the executor's default per-call timeout.
    expect(createAskUserQuestionTool(async () => undefined).timeoutMs).toBe(Number.POSITIVE_INFINITY);
  });
});
