import type { FunctionToolDefinition, JsonSchema } from '@toolcell/core';
import { textOutput } from '@toolcell/core';

/** A tool schema shaped like a real MCP server's or provider example's (written for these tests). */
export interface ToolFixture {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
}

/** A callable tool from a fixture; it echoes its name. */
export function toolFromFixture(fixture: ToolFixture): FunctionToolDefinition {
  return {
    kind: 'function',
    name: fixture.name,
    description: fixture.description,
    inputSchema: fixture.inputSchema,
    ...(fixture.outputSchema === undefined ? {} : { outputSchema: fixture.outputSchema }),
    execute: () => textOutput(fixture.name),
  };
}
