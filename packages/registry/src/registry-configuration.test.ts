import { ConfigurationError, ToolcellError } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { fakeControlTool, fakeTool } from './test-support/fake-tools.js';
import type { ScopeWarning } from './registry-events.js';
import { ToolRegistry } from './tool-registry.js';

function registryWithTools(mode = 'code_mode'): ToolRegistry {
  const registry = new ToolRegistry({ mode });
  registry.register(fakeTool('read_file'));
  registry.register(fakeTool('write_file'));
  registry.register(fakeControlTool('exec'));
  return registry;
}

function configurationError(action: () => unknown): ConfigurationError {
  try {
    action();
  } catch (error) {
    expect(ToolcellError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

describe('invalid configuration', () => {
  it('rejects an unknown mode string, naming the valid ones', () => {
    const error = configurationError(() => new ToolRegistry({ mode: 'code-only' }));
    expect(error.code).toBe('INVALID_CONFIGURATION');
    expect(error.setting).toBe('scopes.root.mode');
    expect(error.message).toContain('unknown mode "code-only"; use one of "direct", "code_mode", "code_mode_only"');
    const scopeError = configurationError(() => registryWithTools().createScope({ id: 'sub', mode: 'fast' }));
    expect(scopeError.setting).toBe('scopes.sub.mode');
  });

  it('rejects an allowlist naming a tool that is not registered', () => {
    const error = configurationError(() => registryWithTools().createScope({ id: 'sub', nestedAllow: ['read_file', 'raed_file'] }));
    expect(error.setting).toBe('scopes.sub.nestedAllow');
    expect(error.message).toContain('"raed_file" is not a registered tool');
    const direct = configurationError(() => registryWithTools().createScope({ id: 'sub', directAllow: ['nope'] }));
    expect(direct.setting).toBe('scopes.sub.directAllow');
  });

  it('rejects an eager search entry that is not a registered tool', () => {
    const error = configurationError(() => registryWithTools().createScope({ id: 'lazy', search: { eager: ['read_file', 'grep'] } }));
    expect(error.setting).toBe('scopes.lazy.search.eager');
    expect(error.message).toContain('"grep" is not a registered tool');
  });

  it('rejects a child allowlist that would widen its parent', () => {
    const registry = registryWithTools();
    registry.createScope({ id: 'reader', nestedAllow: ['read_file'] });
    const error = configurationError(() => registry.createScope({ id: 'writer', parent: 'reader', nestedAllow: ['write_file'] }));
    expect(error.message).toContain('not allowed by parent scope "reader"');
  });

  it('rejects code_mode_only on a direct-only backend before anything runs', () => {
    const error = configurationError(() => registryWithTools().createScope({ id: 'container', backend: 'direct_only', mode: 'code_mode_only' }));
    expect(error.setting).toBe('scopes.container.mode');
    expect(error.message).toContain('code_mode_only needs a backend that can run programs');
  });

  it('warns and declares no exec for code_mode on a direct-only backend', () => {
    const registry = registryWithTools();
    const warnings: ScopeWarning[] = [];
    registry.events.on('scope-warning', (warning) => warnings.push(warning));
    const scope = registry.createScope({ id: 'container', backend: 'direct_only', mode: 'code_mode' });
    expect(scope.mode).toBe('direct');
    expect(scope.requestedMode).toBe('code_mode');
    expect(warnings).toEqual([expect.objectContaining({ scopeId: 'container', code: 'CODE_MODE_UNAVAILABLE' })]);
    expect(registry.warnings).toEqual(warnings);
    expect(registry.wireView(scope).map((declaration) => declaration.name)).toEqual(['read_file', 'write_file']);
  });

  it("keeps the root scope's warning, raised in the constructor before anyone can listen", () => {
    const registry = new ToolRegistry({ mode: 'code_mode', root: { backend: 'direct_only' } });
    expect(registry.root.mode).toBe('direct');
    expect(registry.warnings).toEqual([
      { scopeId: 'root', code: 'CODE_MODE_UNAVAILABLE', message: expect.stringContaining('code_mode continues without exec') },
    ]);
    expect(new ToolRegistry().warnings).toEqual([]);
  });

  it('rejects duplicate tools, duplicate scopes, unknown scopes and a non-freeform exec', () => {
    const registry = registryWithTools();
    expect(configurationError(() => registry.register(fakeTool('read_file'))).message).toContain('already registered');
    registry.createScope({ id: 'a' });
    expect(configurationError(() => registry.createScope({ id: 'a' })).message).toContain('already exists');
    expect(configurationError(() => registry.scope('missing')).setting).toBe('scopes.missing');
    const fresh = new ToolRegistry();
    expect(configurationError(() => fresh.register(fakeTool('exec'))).message).toContain('must be freeform');
  });
});

describe('registry bookkeeping', () => {
  it('recomputes plans after registration changes', () => {
    const registry = registryWithTools('code_mode_only');
    expect(registry.resolveForExecution('grep', registry.root, { nested: true }).type).toBe('unknown');
    const before = registry.revision;
    registry.register(fakeTool('grep'));
    expect(registry.revision).toBe(before + 1);
    expect(registry.resolveForExecution('grep', registry.root, { nested: true }).type).toBe('callable');
    expect(registry.unregister('grep')).toBe(true);
    expect(registry.unregister('grep')).toBe(false);
    expect(registry.resolveForExecution('grep', registry.root, { nested: true }).type).toBe('unknown');
  });

  it('never lets a collision loser be called, and reports it in the plan', () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only' });
    registry.register(fakeControlTool('exec'));
    registry.register(fakeTool('read-file'));
    registry.register(fakeTool('read_file'));
    const plan = registry.plan(registry.root);
    expect(plan.bindings.map((binding) => [binding.canonicalName, binding.jsName])).toEqual([['read_file', 'read_file']]);
    expect(plan.collisions).toEqual([{ jsName: 'read_file', winner: 'read_file', losers: ['read-file'], reason: 'exact-match' }]);
    const resolution = registry.resolveForExecution('read-file', registry.root, { nested: true });
    expect(resolution.type).toBe('collided');
    expect(registry.resolveForExecution('read-file', registry.root, { nested: false }).type).toBe('unknown');
  });

  it('resolves collisions among the tools a scope can call: a scope allowing only z-tool binds it', () => {
    for (const order of [['z-tool', 'z_tool'], ['z_tool', 'z-tool']]) {
      const registry = new ToolRegistry({ mode: 'code_mode_only' });
      registry.register(fakeControlTool('exec'));
      for (const name of order) registry.register(fakeTool(name));
      const narrow = registry.createScope({ id: 'narrow', nestedAllow: ['z-tool'] });
      const plan = registry.plan(narrow);
      expect(plan.bindings.map((binding) => [binding.canonicalName, binding.jsName])).toEqual([['z-tool', 'z_tool']]);
      expect(plan.collisions).toEqual([]);
      expect(registry.resolveForExecution('z-tool', narrow, { nested: true })).toMatchObject({ type: 'callable', jsName: 'z_tool' });
      expect(registry.resolveForExecution('z_tool', narrow, { nested: true }).type).toBe('not_callable');
      // Where both are callable, the exact match still wins, whatever the registration order.
      expect(registry.plan(registry.root).bindings.map((binding) => binding.canonicalName)).toEqual(['z_tool']);
      expect(registry.resolveForExecution('z-tool', registry.root, { nested: true }).type).toBe('collided');
      const both = registry.createScope({ id: 'both', nestedAllow: ['z-tool', 'z_tool'] });
      expect(registry.plan(both).collisions).toEqual([{ jsName: 'z_tool', winner: 'z_tool', losers: ['z-tool'], reason: 'exact-match' }]);
    }
  });

  it('uses the configured direct-control set and explicit categories', () => {
    const registry = new ToolRegistry({ mode: 'code_mode_only', directControl: ['handoff'] });
    registry.register(fakeControlTool('exec'));
    registry.register(fakeTool('handoff'));
    registry.register(fakeTool('ask_user_question'));
    registry.register(fakeTool('secret_bridge'), { category: 'hidden' });
    expect(registry.categoryOf('handoff')).toBe('direct_control');
    expect(registry.categoryOf('ask_user_question')).toBe('ordinary');
    expect(registry.categoryOf('secret_bridge')).toBe('hidden');
    expect(registry.wireView(registry.root).map((declaration) => declaration.name)).toEqual(['exec', 'handoff']);
  });
});

describe('dropping scopes', () => {
  it('forgets the scope, the scopes under it and their warnings, emits scope-drop children first, and frees the ids', () => {
    const registry = registryWithTools();
    const dropped: string[] = [];
    registry.events.on('scope-drop', (scope) => dropped.push(scope.id));
    registry.createScope({ id: 'sub', backend: 'direct_only' });
    registry.createScope({ id: 'sub-child', parent: 'sub', nestedAllow: ['read_file'] });
    const other = registry.createScope({ id: 'other', backend: 'direct_only' });
    expect(registry.warnings.map((warning) => warning.scopeId)).toEqual(['sub', 'sub-child', 'other']);
    expect(registry.dropScope('sub')).toBe(true);
    expect(dropped).toEqual(['sub-child', 'sub']);
    expect(registry.warnings.map((warning) => warning.scopeId)).toEqual(['other']);
    expect(configurationError(() => registry.scope('sub-child')).setting).toBe('scopes.sub-child');
    expect(registry.dropScope('sub')).toBe(false);
    expect(registry.createScope({ id: 'sub' }).mode).toBe('code_mode');
    expect(registry.scope('other')).toBe(other);
  });

  it('refuses to drop the root scope', () => {
    const error = configurationError(() => new ToolRegistry().dropScope('root'));
    expect(error.setting).toBe('scopes.root');
    expect(error.message).toContain('the root scope cannot be dropped');
  });

  it('keeps no plan for a dropped scope, even when asked to plan it', () => {
    const registry = registryWithTools();
    const sub = registry.createScope({ id: 'sub', nestedAllow: ['read_file'] });
    const planned = registry.plan(sub);
    registry.dropScope('sub');
    const again = registry.plan(sub);
    expect(again).not.toBe(planned);
    expect(registry.plan(sub)).not.toBe(again);
    const reused = registry.createScope({ id: 'sub' });
    expect(registry.plan(reused)).toBe(registry.plan(reused));
  });
});
