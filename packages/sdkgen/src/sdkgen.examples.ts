// Compiling examples for the README (typechecked, not built).
import type { FreeformToolDefinition } from '@toolcell/core';
import { defineTool, jsonOutput, textOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import type { ExecLimits } from '@toolcell/sdkgen';
import {
  createToolSearchTool,
  generateExecDescription,
  loadTokenCounter,
  schemaToTypeScript,
  systemPromptSections,
} from '@toolcell/sdkgen';

// The limits the sandbox resolved (`resolveSandboxLimits()` or a transport's
// `resolveLimits()` from @toolcell/sandbox), so the description states what is enforced.
function execFor(registry: ToolRegistry, limits: ExecLimits): FreeformToolDefinition {
  // codemode registers the real exec; its description is regenerated for every request.
  return {
    kind: 'freeform',
    name: 'exec',
    description: 'Run a JavaScript program.',
    jsonFallback: { parameter: 'code', description: 'The program source.' },
    describe: ({ scopeId }) => generateExecDescription(registry, registry.scope(scopeId), { cells: true, limits }),
    execute: () => textOutput('…'),
  };
}

const getWeather = defineTool<{ city: string }, { celsius: number }>({
  kind: 'function',
  name: 'get-weather',
  description: 'Current temperature in a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name.' } }, required: ['city'] },
  outputSchema: { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] },
  guidance: 'Ask for the city when the person did not name one.',
  execute: () => jsonOutput({ celsius: 21 }),
});

export function describeAScope(limits: ExecLimits): string {
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  registry.register(execFor(registry, limits));
  registry.register(getWeather);
  const [execDeclaration] = registry.wireView(registry.root);
  const sections = systemPromptSections(registry, registry.root); // tools:code-only, tool:get-weather
  return [execDeclaration?.description ?? '', ...sections.map((section) => section.text)].join('\n');
}

export async function lazyDiscovery(limits: ExecLimits): Promise<number> {
  // Only `get-weather` is documented up front; tool_search finds the rest.
  const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: { eager: ['get-weather'] } } });
  registry.register(execFor(registry, limits));
  registry.register(getWeather);
  registry.register(createToolSearchTool(registry, { defaultLimit: 5, maxLimit: 20 }));
  // #region loadTokenCounter
  const countTokens = await loadTokenCounter(); // the tokenizer loads here, once per process
  return countTokens(generateExecDescription(registry, registry.root, { cells: true, limits }));
  // #endregion loadTokenCounter
}

export function renderASchema(): string {
  return schemaToTypeScript({
    type: 'object',
    properties: { path: { type: 'string', description: 'File to read.' }, limit: { type: 'integer', minimum: 1 } },
    required: ['path'],
  });
  // {
  //   path: string; // File to read.
  //   limit?: number; // integer, >= 1
  // }
}
