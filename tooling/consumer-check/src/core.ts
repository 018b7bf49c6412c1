// @toolcell/core as a user sees it after install: define a tool, project it to the wire,
// and check that the two boundaries hold in the published types.
import type { ToolDeclaration, ToolDefinition, ToolResultOf, TypedResult, WireOutput } from '@toolcell/core';
import { ToolcellError, defineTool, errorOutcome, toDeclaration, toolOutput } from '@toolcell/core';

export const contextRemaining = defineTool<Record<string, never>, { tokens_left: number }>({
  kind: 'function',
  name: 'get_context_remaining',
  description: 'How many tokens of context are left.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  readOnly: true,
  execute: () => toolOutput({ result: { tokens_left: 9000 }, wire: '9000 tokens left' }),
});

// No cast: a tool typed by defineTool is a ToolDefinition as it stands.
export const declaration: ToolDeclaration = toDeclaration(contextRemaining);
export const registered: ToolDefinition = contextRemaining;

// A host names the typed result instead of casting to a hand-written type.
export const tokensLeft = (value: ToolResultOf<typeof contextRemaining>): number => value.tokens_left;
// @ts-expect-error the inferred result has no field the tool does not return
export const noSuchField = (value: ToolResultOf<typeof contextRemaining>): unknown => value.tokens_used;

// Wire vs execution: a declaration cannot stand in for a callable tool.
// @ts-expect-error a wire declaration has no `execute`
export const notCallable: ToolDefinition = declaration;

// Typed result vs wire output: one projection cannot stand in for the other.
declare const wire: WireOutput;
// @ts-expect-error the model's wire content is not a program's typed result
export const notTyped: TypedResult = wire;

export const refused = errorOutcome({ callId: 'call_1', toolName: 'write_file', code: 'DENIED', message: 'refused by a guard' });

export function describeError(error: unknown): string {
  return ToolcellError.isInstance(error) ? `${error.code}: ${error.message}` : String(error);
}
