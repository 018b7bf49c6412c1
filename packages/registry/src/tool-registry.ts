import type { ToolDeclaration, ToolDefinition, ToolMode } from '@toolcell/core';
import { BRIDGE_TOOL_NAMES, CONTROL_TOOL_NAMES, ConfigurationError, toDeclaration } from '@toolcell/core';
import { EventEmitter } from 'eventemitter3';
import { createScope } from './create-scope.js';
import { DEFAULT_DIRECT_CONTROL } from './direct-control.js';
import type { ExecutionResolution } from './execution-resolution.js';
import type { ExposurePlan } from './exposure-plan.js';
import { computeExposurePlan } from './exposure-plan.js';
import { assignJsNames } from './js-name-assignment.js';
import type { RegistryEvents, ScopeWarning } from './registry-events.js';
import type { Scope, ScopeOptions } from './scope.js';
import { passesFilters } from './scope.js';
import type { RegistrableCategory, ToolCategory } from './tool-category.js';

/** Options of {@link ToolRegistry}. */
export interface ToolRegistryOptions {
  /** Mode of the root scope (default `direct`). Strings are validated. */
  readonly mode?: ToolMode | string;
  /** The direct-control set (default {@link DEFAULT_DIRECT_CONTROL}). */
  readonly directControl?: readonly string[];
  /** Root scope backend, lazy search and bridges (narrow allowlists with a child scope). */
  readonly root?: Pick<ScopeOptions, 'backend' | 'search' | 'bridges'>;
}

/** Options of {@link ToolRegistry.register}. */
export interface RegisterOptions {
  /** Override the category the name implies (`ordinary` unless direct-control or a bridge). */
  readonly category?: RegistrableCategory;
}

interface Entry {
  readonly tool: ToolDefinition;
  readonly category: ToolCategory;
}

const CONTROL = new Set<string>(CONTROL_TOOL_NAMES);
const BRIDGES = new Set<string>(BRIDGE_TOOL_NAMES);
const ROOT_ID = 'root';

/**
 * The one tool registry. Registration is the source of truth; what the model sees (the
 * wire view) and what may run (resolve-for-execution) are two queries over one
 * per-scope exposure plan, so they cannot disagree.
 *
 * @example
 * {@includeCode ./registry.examples.ts#ToolRegistry}
 */
export class ToolRegistry {
  /** Registry events: scope warnings and changes. */
  readonly events = new EventEmitter<RegistryEvents>();
  // One warning at most per scope, dropped with it.
  private readonly scopeWarnings = new Map<string, ScopeWarning>();
  private readonly entries = new Map<string, Entry>();
  private readonly scopes = new Map<string, Scope>();
  private readonly directControl: ReadonlySet<string>;
  private readonly rootMode: ToolMode | string;
  private revisionNumber = 0;
  private sortedCache: Entry[] | undefined;
  private readonly planCache = new Map<string, ExposurePlan>();

  constructor(options: ToolRegistryOptions = {}) {
    this.directControl = new Set(options.directControl ?? DEFAULT_DIRECT_CONTROL);
    this.rootMode = options.mode ?? 'direct';
    this.scopes.set(ROOT_ID, this.buildScope({ ...options.root, id: ROOT_ID, mode: this.rootMode }, undefined));
  }

  /**
   * The warnings of the scopes that exist, the root scope's included: that one is raised
   * inside the constructor, before a `scope-warning` listener can be added. One at most per
   * scope; a dropped scope's goes with it.
   */
  get warnings(): readonly ScopeWarning[] {
    return [...this.scopeWarnings.values()];
  }

  /** The root scope (the main agent). */
  get root(): Scope {
    return this.scope(ROOT_ID);
  }

  /** Increments on every registration change; caches key on it. */
  get revision(): number {
    return this.revisionNumber;
  }

  /** Register a tool. Throws `INVALID_CONFIGURATION` for a duplicate name. */
  register(tool: ToolDefinition, options: RegisterOptions = {}): void {
    if (this.entries.has(tool.name)) {
      throw new ConfigurationError({ setting: `tools.${tool.name}`, message: 'a tool with this name is already registered; unregister it first.' });
    }
    if (tool.name === 'exec' && tool.kind !== 'freeform') {
      throw new ConfigurationError({ setting: 'tools.exec', message: 'exec is reserved for the Code Mode control tool and must be freeform.' });
    }
    this.entries.set(tool.name, { tool, category: this.categorize(tool.name, options.category) });
    this.changed(tool.name, 'register');
  }

  /** Remove a tool; returns whether it was registered. */
  unregister(name: string): boolean {
    const removed = this.entries.delete(name);
    if (removed) this.changed(name, 'unregister');
    return removed;
  }

  /** The tool registered under `name`, whatever its exposure. */
  get(name: string): ToolDefinition | undefined {
    return this.entries.get(name)?.tool;
  }

  /** The category of a registered tool, or the one its name implies if it is not registered. */
  categoryOf(name: string): ToolCategory {
    return this.entries.get(name)?.category ?? this.categorize(name, undefined);
  }

  /** Every registered tool, sorted by canonical name. */
  list(): ToolDefinition[] {
    return this.sorted().map((entry) => entry.tool);
  }

  /** Create a scope for an agent preset or subagent. Throws `ConfigurationError` for bad settings. */
  createScope(options: ScopeOptions): Scope {
    if (this.scopes.has(options.id)) {
      throw new ConfigurationError({ setting: `scopes.${options.id}`, message: 'a scope with this id already exists; pick another id.' });
    }
    const parent = options.parent === undefined ? this.root : typeof options.parent === 'string' ? this.scope(options.parent) : options.parent;
    const scope = this.buildScope(options, parent);
    this.scopes.set(scope.id, scope);
    return scope;
  }

  /**
   * Drop a scope that is done (a finished subagent) with every scope created under it:
   * their cached plans and warnings go, their ids can be used again, and `scope-drop` is
   * emitted for each (children first), so a `CodeMode` ends their code-mode sessions.
   * Returns whether a scope with this id existed. Throws `ConfigurationError` for the root.
   *
   * @example
   * {@includeCode ./registry.examples.ts#dropScope}
   */
  dropScope(id: string): boolean {
    if (id === ROOT_ID) throw new ConfigurationError({ setting: `scopes.${id}`, message: 'the root scope cannot be dropped; drop the registry instead.' });
    const scope = this.scopes.get(id);
    if (!scope) return false;
    for (const child of [...this.scopes.values()]) if (child.parentId === id) this.dropScope(child.id);
    this.scopes.delete(id);
    this.planCache.delete(id);
    this.scopeWarnings.delete(id);
    this.events.emit('scope-drop', scope);
    return true;
  }

  /** Look up a scope by id. Throws `ConfigurationError` for an unknown id. */
  scope(id: string): Scope {
    const scope = this.scopes.get(id);
    if (!scope) throw new ConfigurationError({ setting: `scopes.${id}`, message: 'no scope with this id; create it with createScope first.' });
    return scope;
  }

  /** The exposure plan of a scope (wire set, bindings, collisions), cached per revision. */
  plan(scope: Scope): ExposurePlan {
    const cached = this.planCache.get(scope.id);
    if (cached && cached.scope === scope) return cached;
    // Collisions are resolved among the tools this scope may call, so a narrowed scope
    // keeps a tool that loses its JS name only to a tool it cannot call anyway.
    const assignment = assignJsNames(
      this.sorted()
        .filter((entry) => entry.category === 'ordinary' && passesFilters(scope.nestedFilters, entry.tool.name))
        .map((entry) => entry.tool.name),
    );
    const plan = computeExposurePlan({ scope, tools: this.sorted(), assignment });
    // A dropped scope (or a stranger's) is planned, never cached again.
    if (this.scopes.get(scope.id) === scope) this.planCache.set(scope.id, plan);
    return plan;
  }

  /**
   * The wire view: declarations sent to the model for this scope, sorted by canonical
   * name. Control tools with a `describe` hook get their description computed now.
   */
  wireView(scope: Scope): ToolDeclaration[] {
    return this.plan(scope).wire.map((tool) =>
      toDeclaration(tool, tool.describe ? tool.describe({ scopeId: scope.id, mode: scope.mode }) : tool.description),
    );
  }

  /**
   * Resolve a call for execution: what (if anything) may run when `name` is called in
   * `scope`, model-direct (`nested: false`) or from a program (`nested: true`).
   */
  resolveForExecution(name: string, scope: Scope, options: { readonly nested: boolean }): ExecutionResolution {
    const plan = this.plan(scope);
    const entry = this.entries.get(name);
    if (!options.nested) {
      if (entry && plan.wireNames.has(name)) {
        return { type: 'callable', tool: entry.tool, category: entry.category, jsName: plan.bindingByName.get(name)?.jsName };
      }
      const binding = plan.execDeclared ? plan.bindingByName.get(name) : undefined;
      if (binding) return { type: 'collapsed', tool: binding.tool, jsName: binding.jsName };
      return { type: 'unknown', name };
    }
    if (CONTROL.has(name)) return { type: 'recursive', name };
    if (!entry) return { type: 'unknown', name };
    const binding = plan.execDeclared ? plan.bindingByName.get(name) : undefined;
    if (binding) return { type: 'callable', tool: entry.tool, category: entry.category, jsName: binding.jsName };
    if (entry.category === 'direct_control') return { type: 'not_callable', tool: entry.tool, reason: 'direct_control' };
    if (entry.category === 'hidden') return { type: 'not_callable', tool: entry.tool, reason: 'hidden' };
    if (!plan.execDeclared) return { type: 'not_callable', tool: entry.tool, reason: 'no_code_mode' };
    const collision = plan.lostBy.get(name);
    if (collision) return { type: 'collided', tool: entry.tool, collision };
    return { type: 'not_callable', tool: entry.tool, reason: 'not_allowed' };
  }

  /** Control names are reserved; otherwise an explicit category wins over the name's default. */
  private categorize(name: string, requested: RegistrableCategory | undefined): ToolCategory {
    if (CONTROL.has(name)) return 'control';
    if (requested) return requested;
    if (BRIDGES.has(name)) return 'hidden';
    return this.directControl.has(name) ? 'direct_control' : 'ordinary';
  }

  private buildScope(options: ScopeOptions, parent: Scope | undefined): Scope {
    return createScope(
      options,
      {
        parent,
        hasTool: (name) => this.entries.has(name),
        parentAllowsNested: (name) => passesFilters(parent?.nestedFilters ?? [], name),
        parentAllowsDirect: (name) => passesFilters(parent?.directFilters ?? [], name),
        warn: (message) => this.warn({ scopeId: options.id, code: 'CODE_MODE_UNAVAILABLE', message }),
      },
      'direct',
    );
  }

  private warn(warning: ScopeWarning): void {
    this.scopeWarnings.set(warning.scopeId, warning);
    this.events.emit('scope-warning', warning);
  }

  private sorted(): Entry[] {
    return (this.sortedCache ??= [...this.entries.values()].sort((left, right) =>
      left.tool.name < right.tool.name ? -1 : left.tool.name > right.tool.name ? 1 : 0,
    ));
  }

  private changed(name: string, type: 'register' | 'unregister'): void {
    this.revisionNumber += 1;
    this.sortedCache = undefined;
    this.planCache.clear();
    this.events.emit('registry-change', { revision: this.revisionNumber, name, type });
  }
}
