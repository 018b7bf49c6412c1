import type { FunctionToolDefinition, JsonObject } from '@toolcell/core';
import { toolOutput } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import { TOOL_SEARCH_NAME } from './exec-description.js';
import { searchResultText } from './search-result-text.js';
import type { SearchToolsOptions } from './search-tools.js';
import { searchTools } from './search-tools.js';
import { resolveToolSearchLimits } from './tool-search-limits.js';

/** Options of {@link createToolSearchTool}. */
export type ToolSearchToolOptions = SearchToolsOptions;

/**
 * The top-level `tool_search` bridge for lazy discovery. Register it with the registry
 * (which treats the name as a hidden bridge: on the wire only for scopes with search on
 * and `exec` declared, never a binding). Each call searches the bindings of the calling
 * scope (`context.scopeId`) with `searchTools`: the typed result is a
 * {@link ToolSearchResult}; the wire text lists, per hit, the description, the jsName,
 * the signature and the raw JSON Schema, and says the hits are called through `exec`.
 * Throws `ConfigurationError` for limits that cannot work.
 *
 * @example
 * ```ts
 * const registry = new ToolRegistry({ mode: 'code_mode_only', root: { search: { eager: ['read_file'] } } });
 * registry.register(createToolSearchTool(registry));
 * ```
 */
export function createToolSearchTool(registry: ToolRegistry, options: ToolSearchToolOptions = {}): FunctionToolDefinition {
  const { defaultLimit, maxLimit } = resolveToolSearchLimits(options);
  return {
    kind: 'function',
    name: TOOL_SEARCH_NAME,
    description:
      'Find tools to call from exec programs: give keywords, or "select:<name>" for tools by exact name. Returns each match\'s description, jsName, signature and JSON Schema; call the matches inside exec as `await tools.<jsName>(args)`.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Keywords (e.g. "create issue"), or "select:<name>" / "select:a,b" for exact names.' },
        limit: { type: 'integer', minimum: 1, maximum: maxLimit, description: `Most results to return (default ${defaultLimit}, max ${maxLimit}).` },
      },
      required: ['query'],
      additionalProperties: false,
    },
    readOnly: true,
    execute(input, context) {
      // The executor validated `input` against the schema; stay total anyway.
      const { query, limit } = input;
      const result = searchTools(
        registry,
        registry.scope(context.scopeId),
        { query: typeof query === 'string' ? query : '', ...(typeof limit === 'number' ? { limit } : {}) },
        options,
      );
      return toolOutput({ result: JSON.parse(JSON.stringify(result)) as JsonObject, wire: searchResultText(result) });
    },
  };
}
