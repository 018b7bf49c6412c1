// Minimal tool definitions for registry tests: the registry never runs them.
import type { FreeformToolDefinition, FunctionToolDefinition } from '@toolcell/core';
import { textOutput } from '@toolcell/core';

export function fakeTool(name: string, extra: Partial<FunctionToolDefinition> = {}): FunctionToolDefinition {
  return {
    kind: 'function',
    name,
    description: `The ${name} tool.`,
    inputSchema: { type: 'object', properties: {} },
    execute: () => textOutput(name),
    ...extra,
  };
}

export function fakeControlTool(name: 'exec' | 'wait'): FreeformToolDefinition {
  return {
    kind: 'freeform',
    name,
    description: `The ${name} control tool.`,
    jsonFallback: { parameter: 'code', description: 'JavaScript source' },
    execute: () => textOutput(name),
  };
}
