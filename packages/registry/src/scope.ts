import type { ToolMode } from '@toolcell/core';
import type { NamePattern } from './name-pattern.js';

/** What a backend can run. */
export type BackendCapability = 'any' | 'direct_only';

/** Lazy discovery through `tool_search`. */
export interface SearchOptions {
  /** Bindings documented in full in the initial `exec` description. */
  readonly eager?: readonly string[];
}

/** Options of {@link ToolRegistry.createScope}. */
export interface ScopeOptions {
  /** Unique id (`root` is taken by the registry's own scope). */
  readonly id: string;
  /** The scope this one narrows (an agent preset); defaults to the root scope. */
  readonly parent?: Scope | string;
  /** Own mode; omitted means inherit the parent's. Strings are validated. */
  readonly mode?: ToolMode | string;
  /**
   * Narrows the code-mode-callable (nested) set: exact names or `*` globs. An empty list
   * means no `exec` for this scope. Never widens the parent's set.
   */
  readonly nestedAllow?: readonly string[];
  /** Narrows the tools the model may call directly: exact names or `*` globs. */
  readonly directAllow?: readonly string[];
  /** `direct_only`: this scope's backend cannot run programs. */
  readonly backend?: BackendCapability;
  /** Enable lazy discovery (`tool_search`); `true` means no eager bindings. */
  readonly search?: SearchOptions | boolean;
  /** Hidden bridges to put on the wire in `direct` / `code_mode` (e.g. `tool_call`). */
  readonly bridges?: readonly string[];
}

/**
 * A resolved scope: a root, an agent preset or a subagent. Immutable; its effective
 * mode already includes what it inherits.
 */
export interface Scope {
  readonly id: string;
  readonly parentId: string | undefined;
  /** The mode wire and execution both use. */
  readonly mode: ToolMode;
  /** The mode asked for (differs from `mode` when a direct-only backend dropped `exec`). */
  readonly requestedMode: ToolMode;
  readonly backend: BackendCapability;
  /** Allowlists of this scope and every ancestor; a name must pass all of them. */
  readonly nestedFilters: readonly (readonly NamePattern[])[];
  readonly directFilters: readonly (readonly NamePattern[])[];
  /** Lazy discovery settings, or `undefined` when off. */
  readonly search: { readonly eager: readonly string[] } | undefined;
  readonly bridges: readonly string[];
}

/** Whether `name` passes every allowlist in `filters` (a scope's and all its ancestors'). */
export function passesFilters(filters: Scope['nestedFilters'], name: string): boolean {
  return filters.every((patterns) => patterns.some((pattern) => pattern.matches(name)));
}
