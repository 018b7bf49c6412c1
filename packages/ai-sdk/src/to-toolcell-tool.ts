import type { FunctionToolDefinition, JsonObject, JsonSchema, ToolContext } from '@toolcell/core';
import { ToolFailure, toolOutput } from '@toolcell/core';
import type { Tool } from 'ai';
import { asSchema } from 'ai';
import { runOf } from './ai-sdk-run.js';
import { fromToolResultOutput } from './map-tool-result-output.js';
import { normalizeToolResult } from './normalize-tool-result.js';

/** Validate input with the tool's schema as the AI SDK does (zod defaults, coercion, transforms). */
export async function parseInput(name: string, tool: Tool, input: unknown): Promise<unknown> {
  const schema = asSchema(tool.inputSchema);
  if (schema.validate === undefined) return input;
  const result = await schema.validate(input);
  if (result.success) return result.value;
  throw new ToolFailure({ code: 'INVALID_ARGS', message: `Invalid arguments for "${name}": ${result.error.message}` });
}

/**
 * An AI SDK tool as a toolcell tool: its schema describes it to programs, its own schema
 * validates nested calls (`validatesInput`), `execute` gets the run's messages and this
 * tool's context, and the result is normalised as the AI SDK serialises it.
 */
export async function toToolcellTool(name: string, tool: Tool): Promise<FunctionToolDefinition> {
  const execute = tool.execute;
  if (execute === undefined) throw new TypeError(`The AI SDK tool "${name}" has no execute function; programs can only call tools that run here.`);
  const inputSchema = (await asSchema(tool.inputSchema).jsonSchema) as JsonSchema;
  const outputSchema = tool.outputSchema === undefined ? undefined : ((await asSchema(tool.outputSchema).jsonSchema) as JsonSchema);
  return {
    kind: 'function',
    name,
    description: typeof tool.description === 'string' ? tool.description : '',
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    validatesInput: true,
    // Direct calls were decided by the AI SDK before `execute`; nested ones are asked here.
    needsApproval: (_args, context) => context.source.type === 'code_mode',
    execute: async (args: JsonObject, context: ToolContext) => {
      const run = runOf(context.hostContext);
      const input = run?.direct === true ? args : await parseInput(name, tool, args);
      const value = await execute(input as never, {
        toolCallId: context.callId,
        messages: run?.messages ?? [],
        abortSignal: context.signal,
        context: run?.toolsContext[name] as never,
      });
      const result = await normalizeToolResult(value);
      const wire = tool.toModelOutput === undefined ? JSON.stringify(result) : fromToolResultOutput(await tool.toModelOutput({ toolCallId: context.callId, input, output: result }));
      return toolOutput({ result, wire });
    },
  };
}
