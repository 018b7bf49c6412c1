import type { RunContext } from '@openai/agents';
import { tool as functionTool } from '@openai/agents';
import type { ExecResult } from '@toolcell/codemode';
import { CodeMode } from '@toolcell/codemode';
import type { WireOutput } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import type { SandboxTransport } from '@toolcell/sandbox';
import type { AgentsRun, AnyAgent, AnyFunctionTool } from './agents-run.js';
import { hostContextOf, runOf } from './agents-run.js';
import { inputGuardrailsGuard } from './nested-guardrails.js';
import type { NestedApprovalHandler } from './nested-approval.js';
import { resolveNestedApproval } from './nested-approval.js';
import { toToolcellTool } from './to-toolcell-tool.js';

/** Options of {@link codeModeTool}. */
export interface CodeModeToolOptions {
  /** Where programs run: `createChildProcessTransport()` from `@toolcell/sandbox/node`, or another transport. */
  readonly transport: SandboxTransport;
  /** Asked when a tool's `needsApproval` answers `true` for a nested call (the program waits). Without it, such calls are refused. */
  readonly onApproval?: NestedApprovalHandler;
  /** Told each program's typed result (the model reads the rendered text). */
  readonly onResult?: (result: ExecResult, details: { readonly toolCallId: string; readonly runContext: RunContext<unknown> }) => void;
}

/** `exec` as an Agents SDK function tool, with the toolcell runtime behind it. */
export type CodeModeTool = AnyFunctionTool & {
  /** The runtime every nested call goes through: add hooks, guards and listeners here. */
  readonly runtime: ToolRuntime;
  /** The registry the app's tools are registered in. */
  readonly registry: ToolRegistry;
  /** Code Mode itself. */
  readonly codeMode: CodeMode;
  /** Make another function tool callable by programs; `exec`'s description lists it from the next turn. */
  addTool(tool: AnyFunctionTool): void;
  /** Stop running programs (call before closing the transport). */
  close(): Promise<void>;
};

const AGENT_GUARDRAIL = 'toolcell_exec_agent';

/**
 * Code Mode for an Agents SDK app: the app's function tools become functions a program calls
 * inside `exec`, each call with the run's `RunContext`, decided by the tool's `needsApproval`
 * and checked by its input and output guardrails, as the SDK's runner does for a direct call.
 *
 * @example
 * {@includeCode ./openai-agents.examples.ts#README}
 */
export function codeModeTool(tools: readonly AnyFunctionTool[], options: CodeModeToolOptions): CodeModeTool {
  const registry = new ToolRegistry({ mode: 'code_mode_only' });
  const byName = new Map<string, AnyFunctionTool>();
  const addTool = (tool: AnyFunctionTool) => {
    registry.register(toToolcellTool(tool));
    byName.set(tool.name, tool);
  };
  for (const tool of tools) addTool(tool);
  const runtime = new ToolRuntime({
    registry,
    approval: {
      ask: async (request) => {
        const run = runOf(request.hostContext);
        const tool = byName.get(request.toolName);
        if (run === undefined || tool === undefined) return { type: 'deny', reason: `"${request.toolName}" is not one of codeModeTool's tools.` };
        return resolveNestedApproval({ request, run, tool, onApproval: options.onApproval });
      },
    },
  });
  runtime.addGuard(inputGuardrailsGuard((name) => byName.get(name)));
  const codeMode = new CodeMode({ registry, runtime, transport: options.transport });
  codeMode.install();

  // The runner gives guardrails the agent, not tools: exec's own guardrail notes it for its nested calls.
  const agents = new WeakMap<RunContext<unknown>, Map<string, AnyAgent>>();
  const exec = functionTool({
    name: 'exec',
    description: codeMode.execDeclaration().description,
    parameters: {
      type: 'object',
      properties: { code: { type: 'string', description: 'The JavaScript program to run (the body of an async function).' } },
      required: ['code'],
      additionalProperties: false,
    },
    strict: true,
    errorFunction: null,
    inputGuardrails: [
      {
        name: AGENT_GUARDRAIL,
        run: async ({ context, agent, toolCall }) => {
          const known = agents.get(context) ?? new Map<string, AnyAgent>();
          agents.set(context, known.set(toolCall.callId, agent));
          return { behavior: { type: 'allow' } };
        },
      },
    ],
    execute: async (input, runContext, details) => {
      const { code } = input as { code: string };
      const context = runContext as RunContext<unknown>;
      const toolCallId = callIdOf(details);
      const agent = agents.get(context)?.get(toolCallId);
      agents.get(context)?.delete(toolCallId);
      const run: AgentsRun = { runContext: context, agent, tripwire: undefined };
      const { outcome, result } = await codeMode.runProgram({ code, callId: toolCallId, hostContext: hostContextOf(run), ...(details?.signal ? { signal: details.signal } : {}) });
      if (run.tripwire !== undefined) throw run.tripwire;
      if (result !== undefined) options.onResult?.(result, { toolCallId, runContext: context });
      return outcome.status === 'error' ? `${outcome.code}: ${outcome.message}` : wireText(outcome.output.wire);
    },
  });
  // Read at each turn, so the model is told the tools as they are now.
  Object.defineProperty(exec, 'description', { get: () => codeMode.execDeclaration().description, enumerable: true, configurable: true });
  return Object.assign(exec as AnyFunctionTool, {
    runtime,
    registry,
    codeMode,
    addTool,
    close: () => codeMode.shutdown(),
  });
}

let anonymousCalls = 0;

function callIdOf(details: Parameters<AnyFunctionTool['invoke']>[2]): string {
  return details?.toolCall?.callId ?? `exec_${++anonymousCalls}`;
}

function wireText(wire: WireOutput): string {
  return wire.content.map((part) => (part.type === 'text' ? part.text : `[${part.type} ${part.mimeType}]`)).join('');
}
