// Issue 29 (class 5): scopes that are done can be dropped, and then hold nothing: 20,000
// finished subagent scopes held 59 MiB (~3 KB each: the scope, its cached plan, its warning).
import { heapBytes } from '@toolcell/vitest-config/heap-bytes';
import { describe, expect, it } from 'vitest';
import { fakeControlTool, fakeTool } from './test-support/fake-tools.js';
import { ToolRegistry } from './tool-registry.js';

/** Bytes a dropped scope may leave, on average: generous against noise, far below one scope with its plan. */
const MAX_BYTES_PER_SCOPE = 300;
const SCOPES = 5_000;

describe('dropped scopes', () => {
  it('leave the heap at its level, with their plans and warnings', () => {
    const registry = new ToolRegistry({ mode: 'code_mode' });
    for (const name of ['read_file', 'write_file', 'grep']) registry.register(fakeTool(name));
    registry.register(fakeControlTool('exec'));
    const subagent = (index: number) => {
      const scope = registry.createScope({ id: `subagent-${index}`, nestedAllow: ['read_*', 'grep'], backend: index % 2 === 0 ? 'direct_only' : 'any' });
      registry.wireView(scope);
      registry.dropScope(scope.id);
    };
    for (let index = 0; index < 500; index += 1) subagent(index);
    const before = heapBytes();
    for (let index = 500; index < 500 + SCOPES; index += 1) subagent(index);
    const grown = heapBytes() - before;
    expect(registry.warnings).toEqual([]);
    expect(grown / SCOPES).toBeLessThan(MAX_BYTES_PER_SCOPE);
  });
});
