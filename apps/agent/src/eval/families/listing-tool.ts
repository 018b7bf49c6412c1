import type { FunctionToolDefinition, JsonObject, JsonSchema } from '@toolcell/core';
import { defineTool, jsonOutput } from '@toolcell/core';

/** What {@link listingTool} declares. */
export interface ListingToolOptions {
  readonly name: string;
  readonly description: string;
  readonly outputSchema?: JsonSchema;
  /** What every call answers. */
  readonly list: () => JsonObject;
}

/** A read-only tool that takes no input and answers `list()`: what a family's model reads before it acts. */
export function listingTool(options: ListingToolOptions): FunctionToolDefinition<Record<string, never>, JsonObject> {
  return defineTool<Record<string, never>, JsonObject>({
    kind: 'function',
    name: options.name,
    description: options.description,
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    ...(options.outputSchema === undefined ? {} : { outputSchema: options.outputSchema }),
    execute: () => jsonOutput(options.list()),
  });
}
