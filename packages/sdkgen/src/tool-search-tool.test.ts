import type { FunctionToolDefinition, ToolOutput } from '@toolcell/core';
import { ConfigurationError, wireText } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { callContext, execTool, simpleTool } from './__fixtures__/registry-setup.js';
import { TOOL_CORPUS, fixture } from './__fixtures__/tool-corpus.js';
import { toolFromFixture } from './__fixtures__/tool-fixture.js';
import { renderBindingSignature } from './binding-signature.js';
import type { ToolSearchResult } from './search-tools.js';
import { createToolSearchTool } from './tool-search-tool.js';

function lazyRegistry(): { registry: ToolRegistry; search: FunctionToolDefinition } {
  const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: { eager: [] } } });
  registry.register(execTool(registry));
  for (const tool of TOOL_CORPUS.values()) registry.register(toolFromFixture(tool));
  const search = createToolSearchTool(registry);
  registry.register(search);
  return { registry, search };
}

async function run(search: FunctionToolDefinition, args: Record<string, string | number>, scopeId = 'root') {
  const output = (await search.execute(args, callContext(scopeId))) as ToolOutput;
  return { result: output.result.value as unknown as ToolSearchResult, text: wireText(output.wire) };
}

const names = (result: ToolSearchResult) => result.tools.map((hit) => hit.name);

describe('tool_search', () => {
  it('is a hidden bridge: on the wire only in lazy code modes, never a binding', () => {
    const { registry } = lazyRegistry();
    expect(registry.categoryOf('tool_search')).toBe('hidden');
    expect(registry.wireView(registry.root).map((declaration) => declaration.name)).toEqual(['exec', 'tool_search']);
    expect(registry.resolveForExecution('tool_search', registry.root, { nested: true })).toMatchObject({ type: 'not_callable', reason: 'hidden' });
    const eagerScope = registry.createScope({ id: 'no-search', search: false });
    expect(registry.wireView(eagerScope).map((declaration) => declaration.name)).toEqual(['exec']);
  });

  it('finds tools by keywords, returning description, raw JSON Schema, jsName and signature', async () => {
    const { registry, search } = lazyRegistry();
    const { result, text } = await run(search, { query: 'post slack message' });
    expect(result.kind).toBe('keyword');
    expect(names(result)[0]).toBe('slack_post_message');
    const hit = result.tools[0];
    const fixtureTool = fixture('slack_post_message');
    const binding = registry.plan(registry.root).bindingByName.get('slack_post_message');
    expect(binding).toBeDefined();
    expect(hit).toEqual({
      name: 'slack_post_message',
      jsName: 'slack_post_message',
      description: fixtureTool.description,
      signature: binding ? renderBindingSignature(binding) : '',
      inputSchema: fixtureTool.inputSchema,
      outputSchema: fixtureTool.outputSchema,
    });
    expect(result.usage).toBe('Call these from a program with the exec tool: `await tools.<jsName>(args)`. They cannot be called directly.');
    expect(text).toContain(`for "post slack message". ${result.usage}`);
    expect(text).toContain(`## tools.slack_post_message\n// ${fixtureTool.description}\n\nSignature:\n${hit?.signature ?? ''}`);
    expect(text).toContain(`Input JSON Schema: ${JSON.stringify(fixtureTool.inputSchema)}`);
    expect(text).toContain(`Output JSON Schema: ${JSON.stringify(fixtureTool.outputSchema)}`);
  });

  it('ranks name matches first and matches word prefixes and plurals', async () => {
    const { search } = lazyRegistry();
    expect(names((await run(search, { query: 'issues' })).result).slice(0, 2).sort()).toEqual(['create_issue', 'list_issues']);
    expect(names((await run(search, { query: 'screensh' })).result)[0]).toBe('puppeteer_screenshot');
    expect(names((await run(search, { query: 'get_weather' })).result)[0]).toBe('get_weather');
  });

  it('looks tools up by exact canonical or JS name with select:', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: true } });
    registry.register(execTool(registry));
    registry.register(simpleTool('mcp__fs__read-file'));
    registry.register(simpleTool('write_file'));
    const search = createToolSearchTool(registry);
    registry.register(search);
    const { result, text } = await run(search, { query: 'select:write_file, mcp__fs__read_file' });
    expect(result.kind).toBe('select');
    expect(names(result)).toEqual(['write_file', 'mcp__fs__read-file']);
    expect(result.tools[1]?.jsName).toBe('mcp__fs__read_file');
    expect(result.message).toBeUndefined();
    expect(text).toContain('## tools.mcp__fs__read_file (tool `mcp__fs__read-file`)');
  });

  it('explains a select: miss and how to search, without revealing tools the scope cannot call', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: true } });
    registry.register(execTool(registry));
    registry.register(simpleTool('read_file'));
    registry.register(simpleTool('read-file'));
    registry.register(simpleTool('ask_user_question'));
    registry.register(simpleTool('bridge'), { category: 'hidden' });
    const search = createToolSearchTool(registry);
    registry.register(search);
    const { result, text } = await run(search, { query: 'select:read-file,ask_user_question,bridge,nothing,read_file' });
    expect(names(result)).toEqual(['read_file']);
    expect(result.message).toBe(
      [
        '"read-file" is not callable from programs: its JS name `read_file` belongs to `read_file`.',
        'No tool named "ask_user_question" can be called from programs in this scope.',
        'No tool named "bridge" can be called from programs in this scope.',
        'No tool named "nothing" can be called from programs in this scope.',
        'Search with a few words from the task (a verb and an object, such as "create issue" or "read file"), or fetch tools by exact name with "select:<name>" (several: "select:a,b"). Inside exec, ALL_TOOLS lists every name.',
      ].join(' '),
    );
    expect(text.endsWith(result.message ?? '')).toBe(true);
    expect((await run(search, { query: 'select:' })).result.message).toMatch(/^No name follows "select:"\. Search with/);
  });

  it('explains a keyword miss and an empty query', async () => {
    const { search } = lazyRegistry();
    const miss = await run(search, { query: 'zzqx' });
    expect(miss.result.tools).toEqual([]);
    expect(miss.result.totalMatches).toBe(0);
    expect(miss.result.message).toMatch(/^No tool matches "zzqx"\. Search with a few words from the task/);
    expect(miss.text).toBe(miss.result.message);
    expect((await run(search, { query: '   ' })).result.message).toMatch(/^The query is empty\. Search with/);
  });

  it('returns 5 results by default, at most 20, and counts all matches', async () => {
    const { search } = lazyRegistry();
    const byDefault = await run(search, { query: 'file' });
    expect(byDefault.result.tools).toHaveLength(5);
    expect(byDefault.result.totalMatches).toBeGreaterThan(5);
    expect(byDefault.text).toContain(`5 of ${byDefault.result.totalMatches} matching tools`);
    const broad = 'file issue message search query browser table time weather meeting';
    expect((await run(search, { query: broad, limit: 50 })).result.tools).toHaveLength(20);
    expect((await run(search, { query: broad, limit: 7 })).result.tools).toHaveLength(7);
    expect((await run(search, { query: broad, limit: 0 })).result.tools).toHaveLength(1);
    expect((await run(search, { query: broad, limit: Number.NaN })).result.tools).toHaveLength(5);
    expect(search.inputSchema.properties?.['limit']).toMatchObject({ minimum: 1, maximum: 20 });
  });

  it('takes its limits from options and rejects limits that cannot work', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: true } });
    registry.register(execTool(registry));
    for (let index = 0; index < 12; index += 1) registry.register(simpleTool(`file_tool_${index}`));
    const search = createToolSearchTool(registry, { defaultLimit: 2, maxLimit: 3 });
    registry.register(search);
    expect((await run(search, { query: 'file' })).result.tools).toHaveLength(2);
    expect((await run(search, { query: 'file', limit: 10 })).result.tools).toHaveLength(3);
    expect(() => createToolSearchTool(registry, { defaultLimit: 4, maxLimit: 3 })).toThrow(expect.objectContaining({ code: 'INVALID_CONFIGURATION' }));
    expect(() => createToolSearchTool(registry, { defaultLimit: 4, maxLimit: 3 })).toThrow(ConfigurationError);
    expect(() => createToolSearchTool(registry, { defaultLimit: 4, maxLimit: 3 })).toThrow('toolSearch.defaultLimit: 4 must be an integer from 1 to maxLimit (3).');
    expect(() => createToolSearchTool(registry, { maxLimit: 0 })).toThrow('toolSearch.maxLimit: 0 is not a positive integer.');
  });

  it('searches only the calling scope’s bindings: never direct-only, hidden, collided or disallowed tools', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: true } });
    registry.register(execTool(registry));
    registry.register(simpleTool('ask_user_question', 'Ask the person a question.'));
    registry.register(simpleTool('tool_call', 'Call a tool by name.'));
    registry.register(simpleTool('secret_question', 'A hidden question tool.'), { category: 'hidden' });
    registry.register(simpleTool('question_bank', 'Questions, the winner.'));
    registry.register(simpleTool('question-bank', 'Questions, the loser.'));
    registry.register(simpleTool('quiz_question', 'A quiz question.'));
    const search = createToolSearchTool(registry);
    registry.register(search);
    registry.createScope({ id: 'quiz', nestedAllow: ['quiz_*'] });
    expect(names((await run(search, { query: 'question' })).result)).toEqual(['question_bank', 'quiz_question']);
    expect(names((await run(search, { query: 'question' }, 'quiz')).result)).toEqual(['quiz_question']);
    expect(names((await run(search, { query: 'select:question_bank' }, 'quiz')).result)).toEqual([]);
  });

  it('never changes the declarations sent to the model', async () => {
    const { registry, search } = lazyRegistry();
    const before = JSON.stringify(registry.wireView(registry.root));
    const revision = registry.revision;
    await run(search, { query: 'select:get_weather' });
    await run(search, { query: 'issue' });
    expect(JSON.stringify(registry.wireView(registry.root))).toBe(before);
    expect(registry.revision).toBe(revision);
  });

  it('says hits cannot be called directly only where that is true (code_mode_only)', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode', root: { search: true } });
    registry.register(execTool(registry));
    registry.register(simpleTool('read_file'));
    const search = createToolSearchTool(registry);
    registry.register(search);
    const { result } = await run(search, { query: 'read' });
    expect(names(result)).toEqual(['read_file']);
    expect(result.usage).toBe('Call these from a program with the exec tool: `await tools.<jsName>(args)`.');
  });

  it('finds nothing where exec is not declared', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode', root: { search: true, bridges: ['tool_search'] } });
    registry.register(simpleTool('read_file'));
    const search = createToolSearchTool(registry);
    registry.register(search);
    const { result } = await run(search, { query: 'read' });
    expect(result.tools).toEqual([]);
    expect(result.message).toBe('No tool can be called from programs in this scope.');
  });

  it('reports an unknown scope as a configuration error', async () => {
    const { search } = lazyRegistry();
    await expect(run(search, { query: 'file' }, 'missing')).rejects.toThrow('scopes.missing: no scope with this id; create it with createScope first.');
  });

  it('sees tools registered after it was created', async () => {
    const { registry, search } = lazyRegistry();
    expect((await run(search, { query: 'select:late_tool' })).result.tools).toEqual([]);
    registry.register(simpleTool('late_tool'));
    expect(names((await run(search, { query: 'select:late_tool' })).result)).toEqual(['late_tool']);
  });
});
