// `pnpm bench` for @toolcell/registry: the two queries every call and every request make,
// on a registry of 500 tools. Resolve runs on every dispatch, so it must stay O(1).
import { runSuite } from '@toolcell/bench-kit';
import { textOutput } from '@toolcell/core';
import { ToolRegistry } from '../src/index.js';

const registry = new ToolRegistry({ mode: 'code_mode_only' });
for (let index = 0; index < 500; index += 1) {
  registry.register({
    kind: 'function',
    name: `mcp__server${index % 7}__tool-${index}`,
    description: `Tool number ${index}.`,
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    execute: () => textOutput('ok'),
  });
}
registry.register({ kind: 'freeform', name: 'exec', description: 'Run a program.', jsonFallback: { parameter: 'code', description: 'JS' }, execute: () => textOutput('ok') });
const scope = registry.createScope({ id: 'sub', nestedAllow: ['mcp__server1__*'] });

await runSuite('registry — 500 tools', {
  'resolveForExecution (nested, callable)': () => registry.resolveForExecution('mcp__server1__tool-1', scope, { nested: true }),
  'resolveForExecution (model-direct, collapsed)': () => registry.resolveForExecution('mcp__server1__tool-1', scope, { nested: false }),
  'wireView (code_mode_only)': () => registry.wireView(scope),
  'plan after a registration change': () => {
    registry.unregister('mcp__server1__tool-1');
    registry.register({ kind: 'function', name: 'mcp__server1__tool-1', description: 'Tool 1.', inputSchema: { type: 'object' }, execute: () => textOutput('ok') });
    return registry.plan(scope);
  },
});
