import type { DurableExecOptions, ExecResult, NestedApproval, NestedDecision } from '@toolcell/codemode';
import { CodeMode, DurableExec } from '@toolcell/codemode';
import type { ToolOutput, WireOutput } from '@toolcell/core';
import { ConfigurationError } from '@toolcell/core';
import type { CallEndEvent } from '@toolcell/executor';
import { ToolRuntime } from '@toolcell/executor';
import { ToolRegistry } from '@toolcell/registry';
import type { SandboxTransport } from '@toolcell/sandbox';
import type { ModelMessage, Tool, ToolApprovalConfiguration, ToolExecutionOptions, ToolSet } from 'ai';
import { jsonSchema } from 'ai';
import type { AiSdkRun, CodeModeContext } from './ai-sdk-run.js';
import { hostContextOf, runOf } from './ai-sdk-run.js';
import { approvedInRoundTrip } from './approval-round-trip.js';
import { toToolResultOutput } from './map-tool-result-output.js';
import type { NestedApprovalHandler } from './resolve-nested-approval.js';
import { resolveNestedApproval } from './resolve-nested-approval.js';
import { parseInput, toToolcellTool } from './to-toolcell-tool.js';

/** Options of {@link createCodeModeTools}. */
export interface CodeModeToolsOptions<Tools extends ToolSet> {
  /** Where programs run: `createChildProcessTransport()` from `@toolcell/sandbox/node`, or another transport. */
  readonly transport: SandboxTransport;
  /** The same `toolApproval` the app passes to `generateText` / `streamText`: applied to nested calls too. */
  readonly toolApproval?: ToolApprovalConfiguration<Tools, never>;
  /** Asked when the approval config answers `user-approval` for a nested call (the program waits). Without it, such calls are refused. Not asked with `durable`. */
  readonly onUserApproval?: NestedApprovalHandler;
  /** `true` to keep the app's tools callable by the model directly as well (default: only `exec`). */
  readonly keepDirectTools?: boolean;
  /**
   * Make a nested `user-approval` the AI SDK's own approval round trip: `exec`'s program
   * runs as a durable cell in this store and, when it parks at calls a person decides, the
   * `exec` call asks for approval (`tool-approval-request`); the approved call resumes the
   * program from its snapshot, in any process. Adds the `wait` tool. See the README.
   */
  readonly durable?: DurableExecOptions;
}

/** What `exec` returns to the app: the program's typed result, and what the model reads. */
export interface ExecToolOutput {
  /** What the program did; `running` while it streams progress. */
  readonly result: ExecResult;
  /** The rendered answer (text and images), sent to the model through `toModelOutput`. */
  readonly wire: WireOutput;
  /** The program's nested calls that have ended so far (in preliminary results). */
  readonly calls: readonly { readonly toolName: string; readonly status: 'ok' | 'error' }[];
}

/** The AI SDK tools and the toolcell runtime behind them. */
export interface CodeModeTools<Tools extends ToolSet> {
  /** Pass as `tools`: `exec` (and `wait` when durable), plus the app's tools (routed through the runtime) when kept direct. */
  readonly tools: {
    exec: Tool<{ code: string }, ExecToolOutput, CodeModeContext | undefined>;
    wait?: Tool<{ cell_id: string }, ExecToolOutput, CodeModeContext | undefined>;
  } & Partial<Tools>;
  /** The runtime every call goes through: add hooks, guards and listeners here. */
  readonly runtime: ToolRuntime;
  /** The registry the app's tools are registered in. */
  readonly registry: ToolRegistry;
  /** Code Mode itself. */
  readonly codeMode: CodeMode;
  /**
   * With `durable`: the nested calls the program of an `exec` (or `wait`) call waits on, by
   * its tool-call id (or cell id), for the app to show with the approval request. Empty
   * without `durable` or when nothing waits.
   */
  pendingApprovals(toolCallId: string): Promise<NestedApproval[]>;
  /**
   * With `durable`: decide one nested call before answering the approval request (the
   * first decision recorded stands). Approving the request approves the calls nobody
   * decided; a denied nested call rejects in the program with `DENIED`.
   *
   * @throws ConfigurationError (`durable`) without the `durable` option.
   */
  decide(approvalId: string, decision: NestedDecision): Promise<void>;
  /** Stop running programs (call before closing the transport). */
  close(): Promise<void>;
}

/**
 * Code Mode for an AI SDK app: the app's tools become functions a program calls inside
 * `exec`, each call validated by the tool's own schema, decided by the app's `toolApproval`
 * (and the tool's `needsApproval`), and given the run's messages and context, as a direct
 * call would be.
 *
 * @example
 * {@includeCode ./ai-sdk.examples.ts#README}
 */
export async function createCodeModeTools<Tools extends ToolSet>(tools: Tools, options: CodeModeToolsOptions<Tools>): Promise<CodeModeTools<Tools>> {
  const registry = new ToolRegistry({ mode: options.keepDirectTools === true ? 'code_mode' : 'code_mode_only' });
  for (const [name, tool] of Object.entries(tools)) registry.register(await toToolcellTool(name, tool));
  const runtime = new ToolRuntime({
    registry,
    approval: {
      ask: async (request) => {
        const run = runOf(request.hostContext);
        const tool = tools[request.toolName];
        if (!request.nested || run === undefined || tool === undefined) return { type: 'approve' };
        const input = await parseInput(request.toolName, tool, request.args);
        return resolveNestedApproval({ request, run, tools, tool, input, toolApproval: options.toolApproval as never, onUserApproval: options.onUserApproval });
      },
    },
  });
  const codeMode = new CodeMode({ registry, runtime, transport: options.transport });
  codeMode.install();
  const durable = options.durable === undefined ? undefined : new DurableExec({ registry, runtime, transport: options.transport, durable: options.durable });

  const exec: Tool<{ code: string }, ExecToolOutput, CodeModeContext | undefined> = {
    // Rebuilt each step from the registry, so it always lists the tools as they are.
    description: () => codeMode.execDeclaration().description,
    inputSchema: jsonSchema<{ code: string }>({
      type: 'object',
      properties: { code: { type: 'string', description: 'The JavaScript program to run (the body of an async function).' } },
      required: ['code'],
      additionalProperties: false,
    }),
    execute: (input, execution) => (durable === undefined ? runExec(runtime, codeMode, input.code, execution) : toExecOutput(durable.run(execution.toolCallId, input.code, durableContext(execution), approvedInRoundTrip(execution.messages, execution.toolCallId)))),
    ...(durable === undefined ? {} : { needsApproval: (input, execution) => durable.parks(execution.toolCallId, input.code, durableContext(execution)) }),
    toModelOutput: ({ output }) => toToolResultOutput(output.wire),
  };
  const wait = durable === undefined ? undefined : waitTool(durable);
  const direct = Object.fromEntries(Object.entries(tools).map(([name, tool]) => [name, throughRuntime(runtime, registry, name, tool)]));
  return {
    tools: { ...(options.keepDirectTools === true ? direct : {}), exec, ...(wait === undefined ? {} : { wait }) } as CodeModeTools<Tools>['tools'],
    runtime,
    registry,
    codeMode,
    pendingApprovals: async (toolCallId) => (durable === undefined ? [] : durable.pending(toolCallId)),
    decide: async (approvalId, decision) => {
      if (durable === undefined) throw new ConfigurationError({ setting: 'durable', message: 'decide records a nested call\'s decision in the durable store; pass the durable option to createCodeModeTools.' });
      await durable.decide(approvalId, decision);
    },
    close: () => codeMode.shutdown(),
  };
}

/** `wait` for durable programs: continues a cell that parked again, after its own approval round trip. */
function waitTool(durable: DurableExec): Tool<{ cell_id: string }, ExecToolOutput, CodeModeContext | undefined> {
  return {
    description: 'Continue a program that waits for a person to approve its calls (exec said so, with the cell_id). The person is asked when you call it.',
    inputSchema: jsonSchema<{ cell_id: string }>({
      type: 'object',
      properties: { cell_id: { type: 'string', description: 'The cell_id exec (or an earlier wait) answered.' } },
      required: ['cell_id'],
      additionalProperties: false,
    }),
    needsApproval: (input) => durable.waitsForPerson(input.cell_id),
    execute: (input, execution) => toExecOutput(durable.continue(input.cell_id, durableContext(execution), approvedInRoundTrip(execution.messages, execution.toolCallId))),
    toModelOutput: ({ output }) => toToolResultOutput(output.wire),
  };
}

/** The run a durable program's nested calls get: the step's messages and the run's contexts (as `exec` was given them). */
function durableContext(execution: { readonly messages: ModelMessage[]; readonly context?: CodeModeContext | undefined }): unknown {
  const run: AiSdkRun = { messages: execution.messages, toolsContext: execution.context?.toolsContext ?? {}, runtimeContext: execution.context?.runtimeContext, direct: false, durable: true };
  return hostContextOf(run);
}

async function toExecOutput(output: Promise<ToolOutput<ExecResult>>): Promise<ExecToolOutput> {
  const { result, wire } = await output;
  return { result: result.value, wire, calls: [] };
}

/** Run the program; yield a preliminary result each time one of its calls ends, then the final one. */
async function* runExec(runtime: ToolRuntime, codeMode: CodeMode, code: string, execution: ToolExecutionOptions<CodeModeContext | undefined>): AsyncGenerator<ExecToolOutput> {
  const run: AiSdkRun = { messages: execution.messages, toolsContext: execution.context?.toolsContext ?? {}, runtimeContext: execution.context?.runtimeContext, direct: false };
  const calls: Array<{ toolName: string; status: 'ok' | 'error' }> = [];
  const pending: ExecToolOutput[] = [];
  let wake: (() => void) | undefined;
  const onEnd = (event: CallEndEvent) => {
    if (event.source.type !== 'code_mode' || event.source.parentCallId !== execution.toolCallId) return;
    calls.push({ toolName: event.toolName, status: event.status });
    pending.push({ result: { status: 'running', cell_id: event.source.cellId, wall_ms: 0, text: '' }, wire: { projection: 'wire', content: [] }, calls: [...calls] });
    wake?.();
  };
  runtime.events.on('call-end', onEnd);
  let finished = false;
  const program = codeMode
    .runProgram({ code, callId: execution.toolCallId, hostContext: hostContextOf(run), ...(execution.abortSignal ? { signal: execution.abortSignal } : {}) })
    .finally(() => {
      finished = true;
      wake?.();
    });
  try {
    while (!finished || pending.length > 0) {
      const next = pending.shift();
      if (next) yield next;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
    const { outcome, result } = await program;
    if (result === undefined) throw new Error(outcome.status === 'error' ? `${outcome.code}: ${outcome.message}` : 'exec returned no result');
    yield { result, wire: outcome.output.wire, calls };
  } finally {
    runtime.events.off('call-end', onEnd);
  }
}

/** The app's tool, called by the model directly, through the same runtime (hooks, guards, audit). */
function throughRuntime(runtime: ToolRuntime, registry: ToolRegistry, name: string, tool: Tool): Tool {
  return {
    ...tool,
    execute: async (input: unknown, execution: ToolExecutionOptions<unknown>) => {
      const run: AiSdkRun = { messages: execution.messages, toolsContext: { [name]: execution.context }, runtimeContext: undefined, direct: true };
      const outcome = await runtime.dispatch({
        name,
        args: input,
        callId: execution.toolCallId,
        scope: registry.root,
        hostContext: hostContextOf(run),
        ...(execution.abortSignal ? { signal: execution.abortSignal } : {}),
      });
      if (outcome.status === 'error') throw new Error(`${outcome.code}: ${outcome.message}`);
      return outcome.output.result.value;
    },
  } as Tool;
}
