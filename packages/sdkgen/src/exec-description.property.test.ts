import type { ToolDefinition } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS, callContext, execTool, simpleTool } from './__fixtures__/registry-setup.js';
import { TOOL_CORPUS } from './__fixtures__/tool-corpus.js';
import { toolFromFixture } from './__fixtures__/tool-fixture.js';
import { allTools } from './all-tools.js';
import { generateExecDescription } from './exec-description.js';
import { systemPromptSections } from './system-prompt-sections.js';
import { createToolSearchTool } from './tool-search-tool.js';

// The corpus, names that collide once normalized, tools with guidance, and markers for the
// two tools that are built per registry (they close over it).
type Entry = ToolDefinition | 'exec' | 'tool_search';
const POOL: readonly Entry[] = [
  ...[...TOOL_CORPUS.values()].map(toolFromFixture),
  simpleTool('read-text-file'),
  simpleTool('get.weather'),
  simpleTool('get-weather', 'Weather, again.', { guidance: 'Prefer get_weather.' }),
  simpleTool('ask_user_question', 'Ask the person.', { guidance: 'Ask only when blocked.' }),
  'exec',
  'tool_search',
];

interface Setup {
  readonly mode: 'direct' | 'code_mode' | 'code_mode_only';
  readonly search: boolean;
  readonly cells: boolean;
}

function build(entries: readonly Entry[], setup: Setup): ToolRegistry {
  const registry = new ToolRegistry({ mode: setup.mode, root: setup.search ? { search: { eager: ['get_weather', 'query'] } } : {} });
  for (const entry of entries) {
    registry.register(entry === 'exec' ? execTool(registry, { cells: setup.cells }) : entry === 'tool_search' ? createToolSearchTool(registry) : entry);
  }
  return registry;
}

async function everythingShown(registry: ToolRegistry, setup: Setup) {
  const search = registry.get('tool_search');
  return {
    description: generateExecDescription(registry, registry.root, { cells: setup.cells, limits: LIMITS }),
    allTools: allTools(registry, registry.root),
    sections: systemPromptSections(registry, registry.root),
    wire: registry.wireView(registry.root),
    search: search?.kind === 'function' ? await search.execute({ query: 'weather message' }, callContext('root')) : undefined,
  };
}

describe('determinism under registration order', () => {
  it('gives byte-identical descriptions, ALL_TOOLS, prompt sections, wire and search results for any order', async () => {
    const setups = fc.record({
      mode: fc.constantFrom('direct' as const, 'code_mode' as const, 'code_mode_only' as const),
      search: fc.boolean(),
      cells: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray([...POOL], { minLength: 1 }), setups, async (shuffled, setup) => {
        const inPoolOrder = POOL.filter((entry) => shuffled.includes(entry));
        const expected = await everythingShown(build(inPoolOrder, setup), setup);
        expect(await everythingShown(build(shuffled, setup), setup)).toEqual(expected);
      }),
      { numRuns: 80 },
    );
  });
});
