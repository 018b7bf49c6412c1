import type { FreeformToolDefinition, FunctionToolDefinition, ToolContext } from '@toolcell/core';
import { MODEL_SOURCE, textOutput } from '@toolcell/core';
import type { ToolRegistry } from '@toolcell/registry';
import type { ExecDescriptionOptions } from '../exec-description.js';
import { generateExecDescription } from '../exec-description.js';

/** An `exec` whose description is generated per scope, as codemode registers it. */
export function execTool(registry: ToolRegistry, options: ExecDescriptionOptions = {}): FreeformToolDefinition {
  return {
    kind: 'freeform',
    name: 'exec',
    description: 'Run a JavaScript program.',
    jsonFallback: { parameter: 'code', description: 'The program source.' },
    describe: ({ scopeId }) => generateExecDescription(registry, registry.scope(scopeId), options),
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
