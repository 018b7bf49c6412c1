import type { FunctionToolDefinition, JsonObject, JsonValue } from '@toolcell/core';
import { defineTool, jsonOutput } from '@toolcell/core';

/** One entry of a pasted tool list: what a provider's tool list carries. */
export interface PastedToolSchema {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: Record<string, unknown>;
  readonly parameters?: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
  readonly readOnly?: boolean;
  readonly needsApproval?: boolean;
}

/**
 * Tools from a pasted JSON list (`inputSchema` or `parameters` per entry). There is no
 * implementation behind them: a call answers with its own arguments, so a program shows
 * what it would have sent.
 *
 * @throws Error when the text is not a JSON array of `{ name }` objects.
 */
export function parsePastedTools(text: string): FunctionToolDefinition[] {
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) throw new Error('Paste a JSON array of tool schemas: [{ "name": …, "description": …, "inputSchema": {…} }].');
  return parsed.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || typeof (entry as PastedToolSchema).name !== 'string') {
      throw new Error(`Entry ${index} has no "name".`);
    }
    const schema = entry as PastedToolSchema;
    return defineTool<JsonObject, JsonValue>({
      kind: 'function',
      name: schema.name,
      description: schema.description ?? '',
      inputSchema: (schema.inputSchema ?? schema.parameters ?? { type: 'object' }) as FunctionToolDefinition['inputSchema'],
      ...(schema.outputSchema ? { outputSchema: schema.outputSchema as FunctionToolDefinition['outputSchema'] } : {}),
      readOnly: schema.readOnly ?? false,
      needsApproval: schema.needsApproval ?? false,
      execute: (input) => jsonOutput({ echoed: input }),
    });
  });
}
