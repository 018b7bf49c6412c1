// Issue 29 (class 5): a tool that is replaced (an MCP server's `list_changed`, per-request
// tools) lets its validator go. Every schema used to be compiled into one process-wide Ajv
// that kept it: 4,000 register/call/unregister cycles left 28 MiB (~7 KB a cycle).
import { ToolRegistry } from '@toolcell/registry';
import { heapBytes } from '@toolcell/vitest-config/heap-bytes';
import { describe, expect, it } from 'vitest';
import { countingTool } from './test-support/fixtures.js';
import { ToolRuntime } from './tool-runtime.js';

/** Bytes a cycle may leave, on average: generous against noise, far below one validator (~7 KB). */
const MAX_BYTES_PER_CYCLE = 1_000;
const CYCLES = 1_500;

describe('validators of unregistered tools', () => {
  // Each cycle compiles a schema: ~10 s on a quiet machine, several times that when it is busy.
  it('are let go: the heap returns to its level after register/call/unregister cycles', { timeout: 180_000 }, async () => {
    const registry = new ToolRegistry();
    const runtime = new ToolRuntime({ registry });
    const cycle = async (index: number) => {
      const schema = { type: 'object' as const, properties: { [`p${index}`]: { type: 'string' as const, pattern: `^v${index}` } }, required: [`p${index}`] };
      registry.register(countingTool('replaced', { inputSchema: schema }));
      const outcome = await runtime.dispatch({ name: 'replaced', args: { [`p${index}`]: `v${index}` }, callId: `c${index}`, scope: registry.root });
      registry.unregister('replaced');
      return outcome.status;
    };
    for (let index = 0; index < 200; index += 1) await cycle(index);
    const before = heapBytes();
    const statuses = new Set<string>();
    for (let index = 200; index < 200 + CYCLES; index += 1) statuses.add(await cycle(index));
    const grown = heapBytes() - before;
    expect(statuses).toEqual(new Set(['ok']));
    expect(grown / CYCLES).toBeLessThan(MAX_BYTES_PER_CYCLE);
  });
});
