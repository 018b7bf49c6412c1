import type { FunctionToolDefinition, JsonSchema } from '@toolcell/core';
import { textOutput } from '@toolcell/core';

/** A tool schema shaped like a real MCP server's or provider example's (written for these tests). */
export interface ToolFixture {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// Checked as far as the tests need: the schemas themselves are the data under test.
function isToolFixture(tool: unknown): tool is ToolFixture {
  return (
    isObject(tool) &&
    typeof tool.name === 'string' &&
    typeof tool.description === 'string' &&
    isObject(tool.inputSchema) &&
    (tool.outputSchema === undefined || isObject(tool.outputSchema))
  );
}

/** The fixtures of a `tools/list` answer (`{ tools: [...] }`); throws at the first malformed tool. */
export function parseToolList(answer: unknown): readonly ToolFixture[] {
  if (!isObject(answer) || !Array.isArray(answer.tools)) throw new Error('a tool list is { "tools": [...] }');
  return answer.tools.map((tool: unknown, index) => {
    if (!isToolFixture(tool)) throw new Error(`tool ${index} of the list is not { name, description, inputSchema, outputSchema? }`);
    return tool;
  });
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
