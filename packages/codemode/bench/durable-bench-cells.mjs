// The durable cells the store bench measures, in plain JavaScript so the cold resume
// (durable-cold-resume.mjs, a fresh `node` with no TypeScript loader) builds the same stack as
// the warm figures (durable-cells-store.ts). Imported by package name: the sources under
// `--conditions=@toolcell/source`, the built packages without it.
import { DurableCells } from '@toolcell/codemode';
import { jsonOutput } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';

/**
 * DurableCells over `store` and `transport` whose one tool, `approve`, needs approval, with an
 * approval handler that defers (a person decides later).
 *
 * @param {{ store: import('@toolcell/durable-store').DurableStore, transport: import('@toolcell/sandbox').DurableSandboxTransport, keys: import('@toolcell/sandbox').SealKeys }} options
 * @returns {DurableCells}
 */
export function approvalCells({ store, transport, keys }) {
  const registry = new ToolRegistry({ mode: 'code_mode' });
  registry.register({
    kind: 'function',
    name: 'approve',
    description: 'A call that needs approval.',
    inputSchema: { type: 'object', properties: {} },
    needsApproval: true,
    execute: () => jsonOutput(null),
  });
  // Programs run in a scope that has a program runner (an `exec` tool); DurableCells runs them itself.
  registry.register({ kind: 'freeform', name: 'exec', description: 'Run a program.', jsonFallback: { parameter: 'code', description: 'JavaScript' }, execute: () => jsonOutput(null) });
  const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'defer' }) } });
  return new DurableCells({ registry, runtime, transport, store, keys });
}
