import type { ToolMode } from '@toolcell/core';
import { ConfigurationError, TOOL_MODES, isToolMode } from '@toolcell/core';
import type { NamePattern } from './name-pattern.js';
import { compileNamePattern } from './name-pattern.js';
import type { Scope, ScopeOptions } from './scope.js';

/** What scope creation needs to know about the registry. */
export interface ScopeContext {
  readonly parent: Scope | undefined;
  /** Whether a tool with this canonical name is registered. */
  hasTool(name: string): boolean;
  /** Whether the parent scope lets `name` be called nested / directly. */
  parentAllowsNested(name: string): boolean;
  parentAllowsDirect(name: string): boolean;
  /** Reports a setting that works, but not as asked. */
  warn(message: string): void;
}

function parseMode(value: string | undefined, setting: string, inherited: ToolMode): ToolMode {
  if (value === undefined) return inherited;
  if (isToolMode(value)) return value;
  throw new ConfigurationError({
    setting,
    message: `unknown mode ${JSON.stringify(value)}; use one of ${TOOL_MODES.map((mode) => JSON.stringify(mode)).join(', ')}.`,
  });
}

function compileAllowlist(
  entries: readonly string[] | undefined,
  setting: string,
  context: ScopeContext,
  parentAllows: (name: string) => boolean,
): NamePattern[] | undefined {
  if (entries === undefined) return undefined;
  return entries.map((entry) => {
    const pattern = compileNamePattern(entry);
    if (pattern.isExact && !context.hasTool(entry)) {
      throw new ConfigurationError({
        setting,
        message: `${JSON.stringify(entry)} is not a registered tool; register it first or remove it from the list.`,
      });
    }
    if (pattern.isExact && !parentAllows(entry)) {
      throw new ConfigurationError({
        setting,
        message: `${JSON.stringify(entry)} is not allowed by parent scope ${JSON.stringify(context.parent?.id)}; a scope can only narrow what its parent allows.`,
      });
    }
    return pattern;
  });
}

/** Validate `options` and resolve the scope's effective settings (mode inheritance included). */
export function createScope(options: ScopeOptions, context: ScopeContext, defaultMode: ToolMode): Scope {
  const prefix = `scopes.${options.id}`;
  const parent = context.parent;
  const backend = options.backend ?? parent?.backend ?? 'any';
  const requestedMode = parseMode(options.mode, `${prefix}.mode`, parent?.requestedMode ?? defaultMode);
  let mode = requestedMode;
  if (backend === 'direct_only' && requestedMode === 'code_mode_only') {
    throw new ConfigurationError({
      setting: `${prefix}.mode`,
      message: 'code_mode_only needs a backend that can run programs, and this scope is direct-only; use "direct" or "code_mode" (which runs without exec).',
    });
  }
  if (backend === 'direct_only' && requestedMode === 'code_mode') {
    mode = 'direct';
    context.warn(`scope ${JSON.stringify(options.id)}: the backend runs direct calls only, so code_mode continues without exec.`);
  }
  const nested = compileAllowlist(options.nestedAllow, `${prefix}.nestedAllow`, context, context.parentAllowsNested);
  const direct = compileAllowlist(options.directAllow, `${prefix}.directAllow`, context, context.parentAllowsDirect);
  const searchOption = options.search ?? (parent?.search ? { eager: parent.search.eager } : false);
  const search = searchOption === false ? undefined : { eager: searchOption === true ? [] : [...(searchOption.eager ?? [])].sort() };
  // The root scope is built before any tool is registered, so only created scopes check.
  for (const name of parent === undefined ? [] : (search?.eager ?? [])) {
    if (!context.hasTool(name)) {
      throw new ConfigurationError({
        setting: `${prefix}.search.eager`,
        message: `${JSON.stringify(name)} is not a registered tool; eager entries name bindings to document in full.`,
      });
    }
  }
  return Object.freeze({
    id: options.id,
    parentId: parent?.id,
    mode,
    requestedMode,
    backend,
    nestedFilters: Object.freeze([...(parent?.nestedFilters ?? []), ...(nested ? [nested] : [])]),
    directFilters: Object.freeze([...(parent?.directFilters ?? []), ...(direct ? [direct] : [])]),
    search,
    bridges: Object.freeze([...(options.bridges ?? parent?.bridges ?? [])]),
  });
}
