import type { RunContext } from '@openai/agents';
import { tool as functionTool } from '@openai/agents';
import type { DurableExecOptions, ExecResult, NestedApproval, NestedDecision } from '@toolcell/codemode';
import { CodeMode, DurableExec } from '@toolcell/codemode';
import type { ToolOutput } from '@toolcell/core';
import { ConfigurationError } from '@toolcell/core';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import type { SandboxTransport } from '@toolcell/sandbox';
import type { AgentsRun, AnyAgent, AnyFunctionTool } from './agents-run.js';
import { hostContextOf, runOf } from './agents-run.js';
import { inputGuardrailsGuard } from './nested-guardrails.js';
import type { NestedApprovalHandler } from './nested-approval.js';
import { resolveNestedApproval } from './nested-approval.js';
import { toToolcellTool } from './to-toolcell-tool.js';
import { wireText } from './wire-text.js';

/** Options of {@link codeModeTool}. */
export interface CodeModeToolOptions {
  /** Where programs run: `createChildProcessTransport()` from `@toolcell/sandbox/node`, or another transport. */
  readonly transport: SandboxTransport;
  /** Asked when a tool's `needsApproval` answers `true` for a nested call (the program waits). Without it, such calls are refused. Not asked with `durable`. */
  readonly onApproval?: NestedApprovalHandler;
  /** Told each program's typed result (the model reads the rendered text). */
  readonly onResult?: (result: ExecResult, details: { readonly toolCallId: string; readonly runContext: RunContext<unknown> }) => void;
  /**
   * Make a nested call needing approval an Agents SDK interruption: `exec`'s program runs
   * as a durable cell in this store and, when it parks at such calls, the run is
   * interrupted for the `exec` call (`result.interruptions`); approved on the `RunState`,
   * saved or not, the call resumes the program from its snapshot, in any process. Adds the
   * `wait` tool (`exec.tools`). See the README.
   */
  readonly durable?: DurableExecOptions;
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
  /** The tools to give the agent: `exec`, and `wait` with `durable`. */
  readonly tools: readonly AnyFunctionTool[];
  /**
   * With `durable`: the nested calls the program of an `exec` (or `wait`) call waits on, by
   * its call id (or cell id), for the app to show with the interruption. Empty without
   * `durable` or when nothing waits.
   */
  pendingApprovals(toolCallId: string): Promise<NestedApproval[]>;
  /**
   * With `durable`: decide one nested call before approving the interruption (the first
   * decision recorded stands). Approving the `exec` call approves the calls nobody decided;
   * a denied nested call rejects in the program with `DENIED`.
   *
   * @throws ConfigurationError (`durable`) without the `durable` option.
   */
  decide(approvalId: string, decision: NestedDecision): Promise<void>;
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
  const durable = options.durable === undefined ? undefined : new DurableExec({ registry, runtime, transport: options.transport, durable: options.durable });

  // The runner gives guardrails the agent, not tools: exec's own guardrail notes it for its nested calls.
  const agents = new WeakMap<RunContext<unknown>, Map<string, AnyAgent>>();
  const inputGuardrails = [
    {
      name: AGENT_GUARDRAIL,
      run: async ({ context, agent, toolCall }: { context: RunContext<unknown>; agent: AnyAgent; toolCall: { callId: string } }) => {
        const known = agents.get(context) ?? new Map<string, AnyAgent>();
        agents.set(context, known.set(toolCall.callId, agent));
        return { behavior: { type: 'allow' as const } };
      },
    },
  ];
  const agentOf = (context: RunContext<unknown>, toolCallId: string): AnyAgent | undefined => {
    const agent = agents.get(context)?.get(toolCallId) ?? turnAgents.get(context);
    agents.get(context)?.delete(toolCallId);
    return agent;
  };
  // Approval is asked before exec's guardrail runs: the agent whose turn listed exec is the one calling it.
  const turnAgents = new WeakMap<RunContext<unknown>, AnyAgent>();
  const isEnabled = ({ runContext, agent }: { runContext: RunContext<unknown>; agent: AnyAgent }) => (turnAgents.set(runContext, agent), true);
  /** Run a durable round with the run's context; a nested guardrail's tripwire fails the run. */
  const durably = async (context: RunContext<unknown>, toolCallId: string, round: (hostContext: unknown) => Promise<ToolOutput<ExecResult>>): Promise<string> => {
    const run: AgentsRun = { runContext: context, agent: agentOf(context, toolCallId), tripwire: undefined, durable: true };
    const output = await round(hostContextOf(run));
    if (run.tripwire !== undefined) throw run.tripwire;
    options.onResult?.(output.result.value, { toolCallId, runContext: context });
    return wireText(output.wire);
  };
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
    inputGuardrails,
    ...(durable === undefined
      ? {}
      : {
          isEnabled,
          needsApproval: async (runContext: RunContext<unknown>, input: unknown, callId?: string) => {
            if (callId === undefined) return false;
            const run: AgentsRun = { runContext, agent: turnAgents.get(runContext), tripwire: undefined, durable: true };
            const parks = await durable.parks(callId, (input as { code: string }).code, hostContextOf(run));
            if (run.tripwire !== undefined) throw run.tripwire;
            return parks;
          },
        }),
    execute: async (input, runContext, details) => {
      const { code } = input as { code: string };
      const context = runContext as RunContext<unknown>;
      const toolCallId = callIdOf(details);
      if (durable !== undefined) return durably(context, toolCallId, (hostContext) => durable.run(toolCallId, code, hostContext, approvedBy(context, 'exec', toolCallId)));
      const agent = agentOf(context, toolCallId);
      const run: AgentsRun = { runContext: context, agent, tripwire: undefined };
      const { outcome, result } = await codeMode.runProgram({ code, callId: toolCallId, hostContext: hostContextOf(run), ...(details?.signal ? { signal: details.signal } : {}) });
      if (run.tripwire !== undefined) throw run.tripwire;
      if (result !== undefined) options.onResult?.(result, { toolCallId, runContext: context });
      return outcome.status === 'error' ? `${outcome.code}: ${outcome.message}` : wireText(outcome.output.wire);
    },
  });
  // Read at each turn, so the model is told the tools as they are now.
  Object.defineProperty(exec, 'description', { get: () => codeMode.execDeclaration().description, enumerable: true, configurable: true });
  const wait =
    durable === undefined
      ? undefined
      : functionTool({
          name: 'wait',
          description: 'Continue a program that waits for approval of its calls (exec said so, with the cell_id). The approval is asked when you call it.',
          parameters: {
            type: 'object',
            properties: { cell_id: { type: 'string', description: 'The cell_id exec (or an earlier wait) answered.' } },
            required: ['cell_id'],
            additionalProperties: false,
          },
          strict: true,
          errorFunction: null,
          inputGuardrails,
          isEnabled,
          needsApproval: async (_runContext, input) => durable.waitsForPerson((input as { cell_id: string }).cell_id),
          execute: async (input, runContext, details) => {
            const cellId = (input as { cell_id: string }).cell_id;
            const context = runContext as RunContext<unknown>;
            const toolCallId = callIdOf(details);
            return durably(context, toolCallId, (hostContext) => durable.continue(cellId, hostContext, approvedBy(context, 'wait', toolCallId)));
          },
        });
  const extras: Omit<CodeModeTool, keyof AnyFunctionTool> = {
    runtime,
    registry,
    codeMode,
    addTool,
    tools: wait === undefined ? [exec as AnyFunctionTool] : [exec as AnyFunctionTool, wait as AnyFunctionTool],
    pendingApprovals: async (toolCallId) => (durable === undefined ? [] : durable.pending(toolCallId)),
    decide: async (approvalId, decision) => {
      if (durable === undefined) throw new ConfigurationError({ setting: 'durable', message: "decide records a nested call's decision in the durable store; pass the durable option to codeModeTool." });
      await durable.decide(approvalId, decision);
    },
    close: () => codeMode.shutdown(),
  };
  // Not enumerable: a RunState saved with `toString()` holds the tool as JSON, and these hold the runtime (and exec itself).
  for (const [name, value] of Object.entries(extras)) Object.defineProperty(exec, name, { value, enumerable: false });
  return exec as CodeModeTool;
}

/** Whether the run's state approved this call (`state.approve`, or a standing `alwaysApprove`): someone decided, not a policy of this tool. */
function approvedBy(context: RunContext<unknown>, toolName: string, callId: string): boolean {
  return context.isToolApproved({ toolName, callId }) === true;
}

let anonymousCalls = 0;

function callIdOf(details: Parameters<AnyFunctionTool['invoke']>[2]): string {
  return details?.toolCall?.callId ?? `exec_${++anonymousCalls}`;
}
