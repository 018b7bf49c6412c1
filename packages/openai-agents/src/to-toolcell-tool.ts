import { ToolTimeoutError, invokeFunctionTool } from '@openai/agents';
import type { FunctionToolDefinition, JsonObject, JsonSchema, JsonValue, ToolContext } from '@toolcell/core';
import { ToolFailure, toolOutput } from '@toolcell/core';
import type { AgentsRun, AnyFunctionTool } from './agents-run.js';
import { runOf } from './agents-run.js';
import { checkOutput } from './nested-guardrails.js';

/** What the Agents SDK's default `errorFunction` returns in place of a tool's error. */
export const DEFAULT_ERROR_TEXT = 'An error occurred while running the tool. Please try again.';

/**
 * An Agents SDK function tool as a toolcell tool. Its JSON schema describes it to programs;
 * its own `invoke` parses and validates the input (`validatesInput`) and runs it with the
 * run's `RunContext`; its `needsApproval` decides each call; its output guardrails check
 * each result (its input guardrails run as a runtime guard: {@link inputGuardrailsGuard}).
 */
export function toToolcellTool(tool: AnyFunctionTool): FunctionToolDefinition {
  return {
    kind: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters as JsonSchema,
    ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema as JsonSchema }),
    validatesInput: true,
    needsApproval: async (args, context) => {
      const run = requireRun(tool, context);
      return (await tool.needsApproval(run.runContext, args as never, context.callId)) === true;
    },
    execute: async (args: JsonObject, context: ToolContext) => {
      const run = requireRun(tool, context);
      const output = await invoke(tool, run, context.callId, JSON.stringify(args), context.signal);
      const verdict = await checkOutput(tool, run, context.callId, args, output);
      // A tool cannot end its own call as DENIED; the output it produced is not handed on.
      if (verdict !== undefined) throw new ToolFailure({ code: 'EXECUTION_FAILED', message: `A guardrail of "${tool.name}" rejected the result: ${verdict.rejected}` });
      const result = toJson(output);
      return toolOutput({ result, wire: typeof result === 'string' ? result : JSON.stringify(result) });
    },
  };
}

async function invoke(tool: AnyFunctionTool, run: AgentsRun, callId: string, input: string, signal: AbortSignal): Promise<unknown> {
  const toolCall = { type: 'function_call' as const, callId, name: tool.name, arguments: input, status: 'completed' as const };
  let output: unknown;
  try {
    output = await invokeFunctionTool({ tool, runContext: run.runContext, input, details: { toolCall, signal } });
  } catch (error) {
    throw rawFailure(tool, error);
  }
  if (output === DEFAULT_ERROR_TEXT) {
    throw new ToolFailure({
      code: 'EXECUTION_FAILED',
      message: `"${tool.name}" failed, and the Agents SDK's default errorFunction hid its error; create the tool with errorFunction: null so that programs get the error itself.`,
    });
  }
  return output;
}

const HINT = 'Check them against the signature in the exec description.';

/**
 * A tool's own error as the program gets it (`EXECUTION_FAILED` with its message); the SDK's
 * input errors are `INVALID_ARGS`, with what the schema said. The SDK's own message is only
 * "Invalid JSON input for tool" (the JSON is ours, and valid); its `originalError` is the zod
 * error, kept only while sensitive tool data may be logged (`setSensitiveDataLoggingEnabled`,
 * `OPENAI_AGENTS_DONT_LOG_TOOL_DATA=0`).
 */
function rawFailure(tool: AnyFunctionTool, error: unknown): unknown {
  if (error instanceof ToolTimeoutError) return new ToolFailure({ code: 'EXECUTION_FAILED', message: error.message });
  if (error instanceof Error && error.name === 'InvalidToolInputError') {
    const cause = schemaIssues((error as { originalError?: unknown }).originalError) ?? `its schema refused them (the Agents SDK says why only when sensitive tool data may be logged). ${HINT}`;
    return new ToolFailure({ code: 'INVALID_ARGS', message: `Invalid arguments for "${tool.name}": ${cause}` });
  }
  return error;
}

/** A schema error's issues (zod, or any Standard Schema error with `issues`) as `path: message; …`. */
function schemaIssues(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const issues = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues) || issues.length === 0) return error instanceof SyntaxError ? error.message : undefined;
  return issues
    .map((issue: { path?: readonly PropertyKey[]; message?: string }) => {
      const path = (issue.path ?? []).map(String).join('.');
      return `${path === '' ? '' : `at ${path}: `}${issue.message ?? 'invalid'}`;
    })
    .join('; ');
}

function requireRun(tool: AnyFunctionTool, context: ToolContext): AgentsRun {
  const run = runOf(context.hostContext);
  if (run === undefined) throw new ToolFailure({ code: 'EXECUTION_FAILED', message: `"${tool.name}" runs only inside an Agents SDK run, through codeModeTool's exec.` });
  return run;
}

/** The SDK sends a tool's result as JSON text: a Date becomes its ISO string, undefined becomes null. */
function toJson(value: unknown): JsonValue {
  if (typeof value === 'string') return value;
  return (JSON.parse(JSON.stringify(value) ?? 'null') as JsonValue) ?? null;
}
