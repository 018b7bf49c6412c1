import type { ExposurePlan, Scope, ToolRegistry } from '@toolcell/registry';
import { callingSection, cellsSection, globalsSection, programSection } from './exec-guide.js';
import type { ExecLimits } from './exec-limits.js';
import { formatCount } from './exec-limits.js';
import { collisionSection, toolsDeclaration } from './tool-listing.js';

/** The name of the lazy-discovery bridge. */
export const TOOL_SEARCH_NAME = 'tool_search';

/** Options of {@link generateExecDescription}. */
export interface ExecDescriptionOptions {
  /** Document cells: `wait`, `yield_control`, `store`/`load`, `notify` and the options pragma. */
  readonly cells?: boolean;
  /**
   * The limits the sandbox enforces, stated as they are: pass the sandbox's resolved
   * limits (codemode passes the ones it resolved at construction).
   */
  readonly limits: ExecLimits;
  /** `Out` for tools without an output schema (default `unknown`). */
  readonly defaultOutputType?: string;
}

/**
 * Whether a scope discovers its tools lazily: search is on for it and `tool_search` is on
 * its wire (registered, allowed, and `exec` declared).
 */
export function isLazyScope(plan: ExposurePlan): boolean {
  return plan.scope.search !== undefined && plan.wireNames.has(TOOL_SEARCH_NAME);
}

const INTRO = 'Run a JavaScript or TypeScript program that calls tools as functions: chain calls, loop, and filter or combine results before they reach you.';

// Lazy scopes keep their description byte-identical while deferred tools come and go:
// providers cache the prompt prefix, so nothing here counts or names what is not eager.
function lazyToolsSection(plan: ExposurePlan, options: ExecDescriptionOptions): string {
  const eager = new Set(plan.scope.search?.eager ?? []);
  const documented = plan.bindings.filter((binding) => eager.has(binding.canonicalName));
  const shown =
    documented.length === 0 ? 'no tool is documented here' : documented.length === 1 ? 'one tool is documented below' : `${formatCount(documented.length)} tools are documented below`;
  const parts = [
    `Tools: ${shown}. To find the others in \`tools\`, call the top-level tool_search tool with keywords (query: "send message") or an exact name (query: "select:<name>"). It returns their signatures; call them here as tools.<jsName>(args). ALL_TOOLS lists every name at run time. A tool whose name collides with another once made a JS name is not callable from programs, and tool_search leaves it out.`,
  ];
  if (documented.length > 0) parts.push(toolsDeclaration(documented, options));
  return parts.join('\n\n');
}

function fullToolsSection(plan: ExposurePlan, options: ExecDescriptionOptions): string {
  if (plan.bindings.length === 0) return 'Tools: none is callable from programs in this scope.';
  // Each block starts with its `//` description line, so blocks need no blank line between them.
  const parts = [`Tools (${formatCount(plan.bindings.length)}, sorted by name):\n${toolsDeclaration(plan.bindings, options)}`];
  if (plan.collisions.length > 0) parts.push(collisionSection(plan.collisions));
  return parts.join('\n\n');
}

/**
 * The `exec` description for a scope, generated from the registry before each request.
 * It says the input is JavaScript or TypeScript, how a program runs and ends, how
 * tools are called and how failures look, the helpers and their limits, what is absent,
 * and — with `cells` — how cells work. Then it documents the scope's bindings, sorted by
 * canonical name: every one in full, or, when the scope discovers tools lazily (search
 * on and `tool_search` declared), only the `eager` ones plus how to find the rest.
 *
 * Deterministic: the same registry contents and scope give byte-identical text whatever
 * the registration order.
 *
 * @example
 * ```ts
 * const exec = {
 *   kind: 'freeform', name: 'exec', description: 'Run a program.',
 *   jsonFallback: { parameter: 'code', description: 'The program.' },
 *   describe: ({ scopeId }) => generateExecDescription(registry, registry.scope(scopeId), { cells: true, limits: DEFAULT_SANDBOX_LIMITS }),
 *   execute: runProgram,
 * } satisfies ToolDefinition;
 * ```
 */
export function generateExecDescription(registry: ToolRegistry, scope: Scope, options: ExecDescriptionOptions): string {
  const plan = registry.plan(scope);
  const sections = [INTRO, programSection(), callingSection(scope.mode), globalsSection(options.limits)];
  if (options.cells) sections.push(cellsSection());
  sections.push(isLazyScope(plan) ? lazyToolsSection(plan, options) : fullToolsSection(plan, options));
  return sections.join('\n\n');
}
