import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { execTool, simpleTool } from './__fixtures__/registry-setup.js';
import { CODE_ONLY_SECTION_ID, systemPromptSections } from './system-prompt-sections.js';
import { createToolSearchTool } from './tool-search-tool.js';

function registryIn(mode: string): ToolRegistry {
  const registry = new ToolRegistry({ mode });
  registry.register(execTool(registry));
  registry.register(simpleTool('write_file', 'Write a file.', { guidance: 'Read a file before you overwrite it.' }));
  registry.register(simpleTool('read_file', 'Read a file.', { guidance: 'Prefer read_file over shell cat.' }));
  registry.register(simpleTool('bash', 'Run a shell command.'));
  registry.register(simpleTool('ask_user_question', 'Ask the person.', { guidance: 'Ask only when blocked.' }));
  return registry;
}

const ids = (registry: ToolRegistry, scope = registry.root) => systemPromptSections(registry, scope).map((section) => section.id);

describe('systemPromptSections', () => {
  it('in code_mode_only, states the collapse first, then keeps every tool guidance section', () => {
    const registry = registryIn('code_mode_only');
    const sections = systemPromptSections(registry, registry.root);
    expect(sections.map((section) => section.id)).toEqual([CODE_ONLY_SECTION_ID, 'tool:ask_user_question', 'tool:read_file', 'tool:write_file']);
    const codeOnly = sections[0]?.text ?? '';
    expect(codeOnly).toContain('Tools are reached only through `exec`');
    expect(codeOnly).toContain('`await tools.<jsName>(args)`');
    expect(codeOnly).toContain('A direct call of such a tool is refused with UNKNOWN_TOOL');
    expect(sections[2]).toEqual({ id: 'tool:read_file', text: 'Guidance for the tool `read_file`:\n> Prefer read_file over shell cat.' });
  });

  it('in code_mode, renders the code-only section empty (direct calls work) and keeps guidance', () => {
    const registry = registryIn('code_mode');
    const sections = systemPromptSections(registry, registry.root);
    expect(sections[0]).toEqual({ id: CODE_ONLY_SECTION_ID, text: '' });
    expect(sections.map((section) => section.id).slice(1)).toEqual(['tool:ask_user_question', 'tool:read_file', 'tool:write_file']);
  });

  it('in direct, has no code-only section and keeps guidance', () => {
    expect(ids(registryIn('direct'))).toEqual(['tool:ask_user_question', 'tool:read_file', 'tool:write_file']);
  });

  it('leaves out guidance of tools the scope cannot use', () => {
    const registry = registryIn('code_mode_only');
    const scope = registry.createScope({ id: 'reader', nestedAllow: ['read_file'], directAllow: [] });
    expect(ids(registry, scope)).toEqual([CODE_ONLY_SECTION_ID, 'tool:read_file']);
  });

  it('keeps guidance of a lazily discovered tool and of tool_search itself', () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: true } });
    registry.register(execTool(registry));
    registry.register(simpleTool('read_file', 'Read a file.', { guidance: 'Prefer read_file.' }));
    registry.register({ ...createToolSearchTool(registry), guidance: 'Search before guessing names.' });
    expect(ids(registry)).toEqual([CODE_ONLY_SECTION_ID, 'tool:read_file', 'tool:tool_search']);
  });

  it('says nothing about exec in code_mode_only when exec is not declared', () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only' });
    registry.register(simpleTool('read_file', 'Read a file.', { guidance: 'Prefer read_file.' }));
    expect(systemPromptSections(registry, registry.root)).toEqual([{ id: CODE_ONLY_SECTION_ID, text: '' }]);
  });
});
