// Compiling examples for the README and the API docs (typechecked, never built or shipped).
import type { ToolDeclaration, ToolDefinition } from './index.js';
import { defineTool, errorOutcome, jsonOutput, toDeclaration, toolOutput, wireText } from './index.js';

// #region toolOutput
// A tool with two projections: a program gets { tokens_left }, the model reads a sentence.
export const contextRemaining = defineTool<Record<string, never>, { tokens_left: number }>({
  kind: 'function',
  name: 'get_context_remaining',
  description: 'How many tokens of context are left.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  outputSchema: { type: 'object', properties: { tokens_left: { type: 'integer' } }, required: ['tokens_left'] },
  readOnly: true,
  execute: () => toolOutput({ result: { tokens_left: 9000 }, wire: '9000 tokens left' }),
});
// #endregion toolOutput

// #region defineTool
// A tool whose model-facing text is its JSON.
export const add = defineTool<{ a: number; b: number }, number>({
  kind: 'function',
  name: 'add',
  description: 'Add two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  readOnly: true,
  execute: ({ a, b }) => jsonOutput(a + b),
});
// #endregion defineTool

// What the model is told: a declaration. It has no execute, so it cannot be registered.
export const declaration: ToolDeclaration = toDeclaration(contextRemaining);
export const callable: ToolDefinition = add;

// How a failure reads on both sides.
export const denied = errorOutcome({ callId: 'call_1', toolName: 'write_file', code: 'DENIED', message: 'the person said no' });
export const deniedText: string = wireText(denied.output.wire); // 'DENIED: the person said no'
