import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';

/** What `get_context_remaining` reads: how much of the model's context window is left. */
export interface ContextMeter {
  /** Tokens still free in the context window (never negative). */
  tokensLeft(): number;
}

/** The typed result of `get_context_remaining`. */
export type ContextRemainingResult = {
  tokens_left: number;
};

/**
 * `get_context_remaining`: the two projections side by side — a program gets
 * `{ tokens_left }` to compute with, the model reads a sentence.
 */
export function createGetContextRemainingTool(meter: ContextMeter): FunctionToolDefinition<Record<string, never>, ContextRemainingResult> {
  return defineTool<Record<string, never>, ContextRemainingResult>({
    kind: 'function',
    name: 'get_context_remaining',
    description: "How many tokens are left in the model's context window.",
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: {
      type: 'object',
      properties: { tokens_left: { type: 'integer', minimum: 0 } },
      required: ['tokens_left'],
    },
    execute() {
      const tokensLeft = Math.max(0, Math.floor(meter.tokensLeft()));
      return toolOutput({ result: { tokens_left: tokensLeft }, wire: `${tokensLeft} tokens left` });
    },
  });
}
