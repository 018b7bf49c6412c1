// The exposure table of docs/architecture.md, exhaustively: every mode × category ×
// (wire, model-direct execution, nested execution), for a root scope and a narrowed one.
import type { ToolMode } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { fakeControlTool, fakeTool } from './test-support/fake-tools.js';
import type { Scope } from './scope.js';
import { ToolRegistry } from './tool-registry.js';

/** What a tool shows in a scope: whether it is on the wire, and how model-direct and nested execution resolve it. */
type Expected = readonly [wire: boolean, direct: string, nested: string];
/** A scope's expectations, by tool. */
type Table = Readonly<Record<string, Expected>>;

// The cells that recur across modes and scopes.
const DECLARED_CONTROL: Expected = [true, 'callable', 'recursive'];
const UNDECLARED_CONTROL: Expected = [false, 'unknown', 'recursive'];
const DIRECT_ONLY: Expected = [true, 'callable', 'not_callable:direct_control'];
const HIDDEN: Expected = [false, 'unknown', 'not_callable:hidden'];
const NOT_ALLOWED: Expected = [false, 'unknown', 'not_callable:not_allowed'];
const NO_CODE_MODE: Expected = [true, 'callable', 'not_callable:no_code_mode'];
const CALLABLE: Expected = [true, 'callable', 'callable'];
const COLLAPSED: Expected = [false, 'collapsed', 'callable'];
const UNKNOWN: Expected = [false, 'unknown', 'unknown'];

function buildRegistry(mode: ToolMode, options: { search?: boolean } = {}): ToolRegistry {
  const registry = new ToolRegistry({ mode, root: { search: options.search ?? false } });
  for (const name of ['read_file', 'write_file', 'search_text']) registry.register(fakeTool(name));
  registry.register(fakeTool('ask_user_question'));
  registry.register(fakeTool('tool_search'));
  registry.register(fakeTool('tool_call'));
  registry.register(fakeControlTool('exec'));
  registry.register(fakeControlTool('wait'));
  return registry;
}

function describeResolution(registry: ToolRegistry, name: string, scope: Scope, nested: boolean): string {
  const resolution = registry.resolveForExecution(name, scope, { nested });
  return resolution.type === 'not_callable' ? `not_callable:${resolution.reason}` : resolution.type;
}

function check(registry: ToolRegistry, scope: Scope, table: Table): void {
  const wire = registry.wireView(scope).map((declaration) => declaration.name);
  for (const [tool, [onWire, direct, nested]] of Object.entries(table)) {
    expect({ tool, onWire: wire.includes(tool) }).toEqual({ tool, onWire });
    expect({ tool, direct: describeResolution(registry, tool, scope, false) }).toEqual({ tool, direct });
    expect({ tool, nested: describeResolution(registry, tool, scope, true) }).toEqual({ tool, nested });
  }
}

const ROOT_TABLE: Record<ToolMode, Table> = {
  direct: { exec: UNDECLARED_CONTROL, wait: UNDECLARED_CONTROL, ask_user_question: DIRECT_ONLY, read_file: NO_CODE_MODE, tool_search: HIDDEN, tool_call: HIDDEN, no_such_tool: UNKNOWN },
  code_mode: { exec: DECLARED_CONTROL, wait: DECLARED_CONTROL, ask_user_question: DIRECT_ONLY, read_file: CALLABLE, tool_search: HIDDEN, tool_call: HIDDEN, no_such_tool: UNKNOWN },
  code_mode_only: { exec: DECLARED_CONTROL, wait: DECLARED_CONTROL, ask_user_question: DIRECT_ONLY, read_file: COLLAPSED, tool_search: HIDDEN, tool_call: HIDDEN, no_such_tool: UNKNOWN },
};

// A subagent that may call only read_* from programs and only read_file/ask_user_question directly.
const NARROWED_TABLE: Record<ToolMode, Table> = {
  direct: { exec: UNDECLARED_CONTROL, ask_user_question: DIRECT_ONLY, read_file: NO_CODE_MODE, write_file: [false, 'unknown', 'not_callable:no_code_mode'], tool_search: HIDDEN },
  code_mode: { exec: DECLARED_CONTROL, ask_user_question: DIRECT_ONLY, read_file: CALLABLE, write_file: NOT_ALLOWED, search_text: NOT_ALLOWED, tool_search: HIDDEN },
  code_mode_only: { exec: DECLARED_CONTROL, wait: DECLARED_CONTROL, ask_user_question: DIRECT_ONLY, read_file: COLLAPSED, write_file: NOT_ALLOWED, tool_search: HIDDEN },
};

describe('exposure table', () => {
  for (const mode of ['direct', 'code_mode', 'code_mode_only'] as const) {
    it(`root scope in ${mode}`, () => {
      const registry = buildRegistry(mode);
      check(registry, registry.root, ROOT_TABLE[mode]);
    });

    it(`narrowed subagent scope in ${mode}`, () => {
      const registry = buildRegistry(mode);
      const scope = registry.createScope({ id: 'reviewer', nestedAllow: ['read_*'], directAllow: ['read_file', 'ask_user_question'] });
      check(registry, scope, NARROWED_TABLE[mode]);
    });
  }

  it('declares tool_search in code_mode_only only when lazy search is on', () => {
    const registry = buildRegistry('code_mode_only', { search: true });
    check(registry, registry.root, { tool_search: [true, 'callable', 'not_callable:hidden'], tool_call: HIDDEN, read_file: COLLAPSED });
  });

  it('puts configured bridges on the wire in direct and code_mode only', () => {
    const bridged = (mode: ToolMode): ToolRegistry => {
      const registry = new ToolRegistry({ mode, root: { bridges: ['tool_call'] } });
      registry.register(fakeTool('tool_call'));
      registry.register(fakeTool('read_file'));
      registry.register(fakeControlTool('exec'));
      return registry;
    };
    for (const mode of ['direct', 'code_mode'] as const) {
      const registry = bridged(mode);
      check(registry, registry.root, { tool_call: [true, 'callable', 'not_callable:hidden'] });
    }
    const strict = bridged('code_mode_only');
    check(strict, strict.root, { tool_call: HIDDEN });
  });

  it('declares no exec for an empty explicit nested allowlist', () => {
    const registry = buildRegistry('code_mode_only');
    const scope = registry.createScope({ id: 'chat-only', nestedAllow: [] });
    check(registry, scope, { exec: UNDECLARED_CONTROL, wait: UNDECLARED_CONTROL, read_file: [false, 'unknown', 'not_callable:no_code_mode'], ask_user_question: DIRECT_ONLY });
  });

  it('inherits the preset mode, so wire and execution stay aligned', () => {
    const registry = buildRegistry('direct');
    const preset = registry.createScope({ id: 'preset', mode: 'code_mode_only' });
    const child = registry.createScope({ id: 'child', parent: preset });
    expect(child.mode).toBe('code_mode_only');
    check(registry, child, ROOT_TABLE.code_mode_only);
  });

  it('lets a child narrow but never widen its parent', () => {
    const registry = buildRegistry('code_mode');
    const parent = registry.createScope({ id: 'parent', nestedAllow: ['read_file', 'search_text'] });
    const child = registry.createScope({ id: 'child', parent, nestedAllow: ['*'] });
    expect(registry.plan(child).bindings.map((binding) => binding.canonicalName)).toEqual(['read_file', 'search_text']);
  });

  it('keeps wire declarations sorted and evaluates dynamic descriptions per scope', () => {
    const registry = buildRegistry('code_mode_only');
    registry.unregister('exec');
    registry.register({ ...fakeControlTool('exec'), describe: ({ scopeId, mode }) => `exec for ${scopeId} in ${mode}` });
    const declarations = registry.wireView(registry.root);
    expect(declarations.map((declaration) => declaration.name)).toEqual(['ask_user_question', 'exec', 'wait']);
    expect(declarations.find((declaration) => declaration.name === 'exec')?.description).toBe('exec for root in code_mode_only');
  });
});
