// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import type { FreeformToolDefinition, FunctionToolDefinition } from '@toolcell/core';
import { jsonOutput, textOutput } from '@toolcell/core';
import { ToolRegistry } from './index.js';

const readFile: FunctionToolDefinition = {
  kind: 'function',
  name: 'read_file',
  description: 'Read a file.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  readOnly: true,
  execute: (args) => jsonOutput({ path: String(args.path), content: '' }),
};
const askUserQuestion: FunctionToolDefinition = {
  kind: 'function',
  name: 'ask_user_question',
  description: 'Ask the person a question.',
  inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },
  execute: () => textOutput('yes'),
};
// In production @toolcell/codemode provides exec; the registry only reserves the name.
const execTool: FreeformToolDefinition = {
  kind: 'freeform',
  name: 'exec',
  description: 'Run a program.',
  jsonFallback: { parameter: 'code', description: 'JavaScript source.' },
  execute: () => textOutput('done'),
};

// #region ToolRegistry
export const registry = new ToolRegistry({ mode: 'code_mode_only' });
registry.register(readFile);
registry.register(askUserQuestion);
registry.register(execTool);

// ['ask_user_question', 'exec']: ordinary tools are reached through exec only.
export const declared = registry.wireView(registry.root).map((declaration) => declaration.name);
// 'collapsed' model-direct (the executor answers UNKNOWN_TOOL with the exec route), 'callable' nested.
export const direct = registry.resolveForExecution('read_file', registry.root, { nested: false }).type;
export const nested = registry.resolveForExecution('read_file', registry.root, { nested: true }).type;

// A subagent that may only read, from programs and directly.
export const reviewer = registry.createScope({ id: 'reviewer', nestedAllow: ['read_*'], directAllow: ['read_file'] });
// #endregion ToolRegistry

// #region dropScope
const subagent = registry.createScope({ id: 'subagent-7', nestedAllow: ['read_file'] });
registry.wireView(subagent);
// The subagent is done: its plan, its warning and (with a CodeMode) its session go.
export const dropped = registry.dropScope(subagent.id); // true
// #endregion dropScope
