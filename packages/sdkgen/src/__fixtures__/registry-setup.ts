import type { FreeformToolDefinition, FunctionToolDefinition, ToolContext } from '@toolcell/core';
import { MODEL_SOURCE, textOutput } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import type { ExecDescriptionOptions } from '../exec-description.js';
import { generateExecDescription } from '../exec-description.js';
import type { ExecLimits } from '../exec-limits.js';

/** Limits as a sandbox resolves them by default (sdkgen keeps no defaults of its own). */
export const LIMITS: ExecLimits = {
  maxTextChars: 100_000,
  maxMediaItems: 16,
  maxMediaBytes: 10 * 1024 * 1024,
  maxTimers: 1_024,
  cpuBudgetMs: 30_000,
  memoryBytes: 64 * 1024 * 1024,
};

/** An `exec` whose description is generated per scope, as codemode registers it. */
export function execTool(registry: ToolRegistry, options: Partial<ExecDescriptionOptions> = {}): FreeformToolDefinition {
  return {
    kind: 'freeform',
    name: 'exec',
    description: 'Run a JavaScript program.',
    jsonFallback: { parameter: 'code', description: 'The program source.' },
    describe: ({ scopeId }) => generateExecDescription(registry, registry.scope(scopeId), { limits: LIMITS, ...options }),
    execute: () => textOutput('not run in these tests'),
  };
}

/** A small function tool taking `{ value?: string }`. */
export function simpleTool(name: string, description = `Does ${name}.`, extra: Partial<FunctionToolDefinition> = {}): FunctionToolDefinition {
  return {
    kind: 'function',
    name,
    description,
    inputSchema: { type: 'object', properties: { value: { type: 'string' } } },
    execute: () => textOutput(name),
    ...extra,
  };
}

/** The context a tool gets when called model-direct in `scopeId`. */
export function callContext(scopeId: string, toolName = 'tool_search'): ToolContext {
  return { callId: 'call-1', toolName, source: MODEL_SOURCE, scopeId, signal: new AbortController().signal };
}
