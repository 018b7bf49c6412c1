// @toolcell/registry as a user sees it after install: one registry, two agreeing queries.
import type { ExecutionResolution } from '@toolcell/registry';
import { ToolRegistry } from '@toolcell/registry';
import { contextRemaining } from './core.js';

const registry = new ToolRegistry({ mode: 'code_mode_only' });
registry.register(contextRemaining);

export const wireNames: string[] = registry.wireView(registry.root).map((declaration) => declaration.name);

export function explain(resolution: ExecutionResolution): string {
  switch (resolution.type) {
    case 'callable':
      return `runs ${resolution.tool.name}`;
    case 'collapsed':
      return `call it as tools.${resolution.jsName}(…) inside exec`;
    case 'unknown':
    case 'recursive':
      return resolution.name;
    case 'not_callable':
      return resolution.reason;
    case 'collided':
      return resolution.collision.winner;
  }
}

export const direct = explain(registry.resolveForExecution('get_context_remaining', registry.root, { nested: false }));
