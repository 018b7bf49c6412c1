import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { execTool, simpleTool } from './__fixtures__/registry-setup.js';
import { allTools } from './all-tools.js';
import { createToolSearchTool } from './tool-search-tool.js';

describe('allTools', () => {
  it('lists every binding of the scope by canonical name, lazy mode included', () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: { eager: [] } } });
    registry.register(execTool(registry));
    registry.register(createToolSearchTool(registry));
    for (const name of ['zeta', 'mcp__fs__read-file', 'ask_user_question', 'a-b', 'a_b']) registry.register(simpleTool(name));
    registry.register(simpleTool('secret'), { category: 'hidden' });
    expect(allTools(registry, registry.root)).toEqual([
      { name: 'a_b', jsName: 'a_b', description: 'Does a_b.' },
      { name: 'mcp__fs__read-file', jsName: 'mcp__fs__read_file', description: 'Does mcp__fs__read-file.' },
      { name: 'zeta', jsName: 'zeta', description: 'Does zeta.' },
    ]);
  });

  it('follows the scope allowlist and is empty where exec is not declared', () => {
    const registry = new ToolRegistry({ mode: 'code_mode' });
    registry.register(execTool(registry));
    for (const name of ['read_file', 'write_file']) registry.register(simpleTool(name));
    const reader = registry.createScope({ id: 'reader', nestedAllow: ['read_*'] });
    expect(allTools(registry, reader).map((entry) => entry.name)).toEqual(['read_file']);
    const direct = registry.createScope({ id: 'direct', mode: 'direct' });
    expect(allTools(registry, direct)).toEqual([]);
    const withoutExec = new ToolRegistry({ mode: 'code_mode_only' });
    withoutExec.register(simpleTool('read_file'));
    expect(allTools(withoutExec, withoutExec.root)).toEqual([]);
  });
});
