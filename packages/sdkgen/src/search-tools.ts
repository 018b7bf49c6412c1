import type { JsonSchema } from '@toolcell/core';
import type { Binding, ExposurePlan, Scope, ToolRegistry } from '@toolcell/registry';
import type { BindingSignatureOptions } from './binding-signature.js';
import { renderBindingSignature } from './binding-signature.js';
import { quotedName } from './display-bounds.js';
import { SearchIndex } from './search-index.js';
import type { ToolSearchLimits } from './tool-search-limits.js';
import { resolveToolSearchLimits } from './tool-search-limits.js';

/** One tool found by `tool_search`. */
export interface ToolSearchHit {
  /** The canonical name. */
  readonly name: string;
  /** The property of `tools` that calls it inside `exec`. */
  readonly jsName: string;
  /** The tool's description. */
  readonly description: string;
  /** `tools.<jsName>(args: In): Promise<Out>`, as in the `exec` description. */
  readonly signature: string;
  /** The raw input JSON Schema (absent for freeform tools, which take one string). */
  readonly inputSchema?: JsonSchema;
  /** The raw output JSON Schema, when the tool has one. */
  readonly outputSchema?: JsonSchema;
}

/** What `tool_search` returns to a program or, as text, to the model. */
export interface ToolSearchResult {
  /** The query, trimmed. */
  readonly query: string;
  /** `select` for `select:<name>[,<name>…]`, else `keyword`. */
  readonly kind: 'keyword' | 'select';
  /** The hits, best first (select: in the order asked). */
  readonly tools: readonly ToolSearchHit[];
  /** How many tools matched, including those past the limit. */
  readonly totalMatches: number;
  /** How the hits are called: through `exec`, as `tools.<jsName>(args)`. */
  readonly usage: string;
  /** Why some or all of the query found nothing, and how to search instead. */
  readonly message?: string;
}

/** Options of `searchTools`. */
export interface SearchToolsOptions extends Partial<ToolSearchLimits>, BindingSignatureOptions {}

const SELECT_PREFIX = 'select:';
const USAGE = 'Call these from a program with the exec tool: `await tools.<jsName>(args)`.';
// True only where the executor refuses model-direct calls of bindings.
const CODE_ONLY_USAGE = `${USAGE} They cannot be called directly.`;
const HOW_TO_SEARCH =
  'Search with a few words from the task (a verb and an object, such as "create issue" or "read file"), or fetch tools by exact name with "select:<name>" (several: "select:a,b"). Inside exec, ALL_TOOLS lists every name.';

const indexes = new WeakMap<ExposurePlan, SearchIndex>();

function hitOf(binding: Binding, options: BindingSignatureOptions): ToolSearchHit {
  const { tool } = binding;
  return {
    name: binding.canonicalName,
    jsName: binding.jsName,
    description: tool.description,
    signature: renderBindingSignature(binding, options),
    ...(tool.kind === 'function' ? { inputSchema: tool.inputSchema } : {}),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
  };
}

function selectMissMessage(name: string, plan: ExposurePlan): string {
  const collision = plan.collisions.find((candidate) => candidate.losers.includes(name));
  if (collision) return `"${name}" is not callable from programs: its JS name ${quotedName(collision.jsName)} belongs to ${quotedName(collision.winner)}.`;
  return `No tool named "${name}" can be called from programs in this scope.`;
}

/**
 * Search a scope's bindings — only tools a program may call there, never direct-only,
 * hidden or collided ones. `query` is keywords, or `select:<name>[,<name>…]` for exact
 * canonical or JS names. Read-only: it never changes what is declared to the model.
 */
export function searchTools(registry: ToolRegistry, scope: Scope, request: { readonly query: string; readonly limit?: number }, options: SearchToolsOptions = {}): ToolSearchResult {
  const { defaultLimit, maxLimit } = resolveToolSearchLimits(options);
  const requested = request.limit !== undefined && Number.isFinite(request.limit) ? request.limit : defaultLimit;
  const limit = Math.min(maxLimit, Math.max(1, Math.floor(requested)));
  const plan = registry.plan(scope);
  const bindings = plan.execDeclared ? plan.bindings : [];
  const usage = scope.mode === 'code_mode_only' ? CODE_ONLY_USAGE : USAGE;
  const query = request.query.trim();
  if (query.toLowerCase().startsWith(SELECT_PREFIX)) {
    const names = [...new Set(query.slice(SELECT_PREFIX.length).split(',').map((name) => name.trim()).filter((name) => name !== ''))];
    const found: Binding[] = [];
    const misses: string[] = [];
    for (const name of names) {
      const binding = bindings.find((candidate) => candidate.canonicalName === name || candidate.jsName === name);
      if (binding) found.push(binding);
      else misses.push(selectMissMessage(name, plan));
    }
    if (names.length === 0) misses.push('No name follows "select:".');
    const message = misses.length === 0 ? undefined : `${misses.join(' ')} ${HOW_TO_SEARCH}`;
    return {
      query,
      kind: 'select',
      tools: found.slice(0, limit).map((binding) => hitOf(binding, options)),
      totalMatches: found.length,
      usage,
      ...(message === undefined ? {} : { message }),
    };
  }
  let index = indexes.get(plan);
  if (index === undefined) {
    index = new SearchIndex(bindings);
    indexes.set(plan, index);
  }
  const matches = query === '' ? [] : index.search(query);
  const message =
    bindings.length === 0
      ? 'No tool can be called from programs in this scope.'
      : matches.length === 0
        ? `${query === '' ? 'The query is empty.' : `No tool matches "${query}".`} ${HOW_TO_SEARCH}`
        : undefined;
  return {
    query,
    kind: 'keyword',
    tools: matches.slice(0, limit).map((match) => hitOf(match.binding, options)),
    totalMatches: matches.length,
    usage,
    ...(message === undefined ? {} : { message }),
  };
}
