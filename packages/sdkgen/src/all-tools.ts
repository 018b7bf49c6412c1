import type { Scope, ToolRegistry } from '@toolcell/registry';

/** One entry of the guest's `ALL_TOOLS`. */
export interface AllToolsEntry {
  /** The canonical tool name. */
  readonly name: string;
  /** The property of `tools` that calls it. */
  readonly jsName: string;
  /** The tool's description. */
  readonly description: string;
}

/**
 * The guest's `ALL_TOOLS`: every binding of the scope (also in lazy mode, where the
 * description documents only a few), sorted by canonical name; empty when the scope does
 * not declare `exec`.
 */
export function allTools(registry: ToolRegistry, scope: Scope): AllToolsEntry[] {
  const plan = registry.plan(scope);
  if (!plan.execDeclared) return [];
  return plan.bindings.map((binding) => ({
    name: binding.canonicalName,
    jsName: binding.jsName,
    description: binding.tool.description,
  }));
}
