// Token economy of the three exposures (issue 5): what the model is sent per request for
// registries of realistic tools, counted with the o200k tokenizer.
import { printTable } from '@toolcell/bench-kit';
import type { ToolDeclaration } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import type { Scope } from '@toolcell/registry';
import { LIMITS, execTool } from '../src/__fixtures__/registry-setup.js';
import { createToolSearchTool, generateExecDescription, loadTokenCounter } from '../src/index.js';
import { realisticTools } from './realistic-tools.js';

const SIZES = [10, 25, 50, 100, 500];
const countTokens = await loadTokenCounter();
const EAGER = 3;

/** Declarations as a provider request carries them (OpenAI Responses shape, compact JSON). */
function providerJson(declarations: readonly ToolDeclaration[]): string {
  return JSON.stringify(
    declarations.map((declaration) =>
      declaration.kind === 'function'
        ? { type: 'function', name: declaration.name, description: declaration.description, parameters: declaration.inputSchema }
        : { type: 'custom', name: declaration.name, description: declaration.description },
    ),
  );
}

const rows = SIZES.map((size) => {
  const tools = realisticTools(size);
  const registry = new ToolRegistry({ mode: 'direct' });
  for (const tool of tools) registry.register(tool);
  registry.register(execTool(registry));
  registry.register(createToolSearchTool(registry));
  const full = registry.createScope({ id: 'full', mode: 'code_mode_only' });
  const lazy = registry.createScope({ id: 'lazy', mode: 'code_mode_only', search: { eager: tools.slice(0, EAGER).map((tool) => tool.name) } });
  const lazyNone = registry.createScope({ id: 'lazy-none', mode: 'code_mode_only', search: true });
  const tokens = (scope: Scope) => countTokens(providerJson(registry.wireView(scope)));
  const direct = tokens(registry.root);
  const fullTokens = tokens(full);
  // The part of the exec description that does not depend on the tools.
  const guide = countTokens(JSON.stringify(generateExecDescription(registry, full, { limits: LIMITS }).split('\n\nTools (')[0]));
  return {
    tools: size,
    'with output schema': tools.filter((tool) => tool.outputSchema !== undefined).length,
    direct,
    'code_mode_only full': fullTokens,
    'full / direct': `${((fullTokens / direct) * 100).toFixed(0)}%`,
    'full: fixed guide': guide,
    'per tool: direct / full': `${(direct / size).toFixed(0)} / ${((fullTokens - guide) / size).toFixed(0)}`,
    [`lazy (${EAGER} eager)`]: tokens(lazy),
    'lazy (0 eager)': tokens(lazyNone),
  };
});

printTable('sdkgen: tokens (o200k) of the wire declarations per request, as compact provider JSON', rows);
