import type { ToolDefinition } from '@toolcell/core';
import { isCodeMode } from '@toolcell/core';
import type { JsNameAssignment, JsNameCollision } from './js-name-assignment.js';
import type { Scope } from './scope.js';
import { passesFilters } from './scope.js';
import type { ToolCategory } from './tool-category.js';

/** A tool a program can call as `tools.<jsName>(…)` in some scope. */
export interface Binding {
  readonly canonicalName: string;
  readonly jsName: string;
  readonly tool: ToolDefinition;
}

/**
 * Everything the policy decides for one scope, computed once per registry revision: the
 * tools on the wire and the bindings inside `exec`. Both queries read this one plan.
 */
export interface ExposurePlan {
  readonly scope: Scope;
  /** Tools the model is told about, sorted by canonical name. */
  readonly wire: readonly ToolDefinition[];
  readonly wireNames: ReadonlySet<string>;
  /** Program bindings, sorted by canonical name (empty when `exec` is not declared). */
  readonly bindings: readonly Binding[];
  readonly bindingByName: ReadonlyMap<string, Binding>;
  /** Collisions among the tools this scope may call, sorted by JS name. */
  readonly collisions: readonly JsNameCollision[];
  /** canonical name of a tool that lost its JS name in this scope → its collision. */
  readonly lostBy: ReadonlyMap<string, JsNameCollision>;
  /** Whether `exec` is on the wire. */
  readonly execDeclared: boolean;
}

/** What the plan is computed from. */
export interface PlanInputs {
  readonly scope: Scope;
  /** Every registered tool with its category, sorted by canonical name. */
  readonly tools: readonly { readonly tool: ToolDefinition; readonly category: ToolCategory }[];
  /** JS names of the ordinary tools this scope may call (collisions resolved among them only). */
  readonly assignment: JsNameAssignment;
}

/** Compute the exposure plan of a scope (the exposure table in docs/architecture.md). */
export function computeExposurePlan({ scope, tools, assignment }: PlanInputs): ExposurePlan {
  const codeMode = isCodeMode(scope.mode);
  const bindings: Binding[] = [];
  const collisions = new Map<string, JsNameCollision>();
  const wonBy = new Map(assignment.collisions.map((collision) => [collision.winner, collision]));
  if (codeMode) {
    for (const { tool, category } of tools) {
      if (category !== 'ordinary' || !passesFilters(scope.nestedFilters, tool.name)) continue;
      const lost = assignment.lostBy.get(tool.name);
      if (lost) {
        collisions.set(lost.jsName, lost);
        continue;
      }
      const jsName = assignment.jsNameOf.get(tool.name);
      if (jsName === undefined) continue;
      bindings.push({ canonicalName: tool.name, jsName, tool });
      const won = wonBy.get(tool.name);
      if (won) collisions.set(won.jsName, won);
    }
  }
  const hasTool = (name: string) => tools.some(({ tool }) => tool.name === name);
  const execDeclared = codeMode && bindings.length > 0 && hasTool('exec');
  const wire: ToolDefinition[] = [];
  for (const { tool, category } of tools) {
    if (onWire(scope, tool.name, category, execDeclared)) wire.push(tool);
  }
  return {
    scope,
    wire,
    wireNames: new Set(wire.map((tool) => tool.name)),
    bindings,
    bindingByName: new Map(bindings.map((binding) => [binding.canonicalName, binding])),
    collisions: [...collisions.values()].sort((left, right) => (left.jsName < right.jsName ? -1 : 1)),
    lostBy: assignment.lostBy,
    execDeclared,
  };
}

function onWire(scope: Scope, name: string, category: ToolCategory, execDeclared: boolean): boolean {
  const directAllowed = passesFilters(scope.directFilters, name);
  switch (category) {
    case 'control':
      // `wait` only makes sense next to `exec`.
      return execDeclared;
    case 'direct_control':
      return directAllowed;
    case 'ordinary':
      return scope.mode !== 'code_mode_only' && directAllowed;
    case 'hidden': {
      if (!directAllowed) return false;
      const lazySearch = name === 'tool_search' && scope.search !== undefined && execDeclared;
      if (scope.mode === 'code_mode_only') return lazySearch;
      return lazySearch || scope.bridges.includes(name);
    }
  }
}
