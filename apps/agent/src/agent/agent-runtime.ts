import type { CallOutcome, JsonObject, ToolCallRequest, ToolDeclaration, ToolDefinition, ToolMode } from '@toolcell/core';
import { isCodeMode } from '@toolcell/core';
import type { CodeMode } from '@toolcell/codemode';
import type { ApprovalHandler } from '@toolcell/executor';
import { ToolRuntime, toDispatchRequest } from '@toolcell/executor';
import type { McpServersHandle } from '@toolcell/mcp';
import { invalidArgumentsOutcome } from '@toolcell/providers';
import type { Scope } from '@toolcell/registry';
import { ToolRegistry } from '@toolcell/registry';
import type { PromptSection } from '@toolcell/sdkgen';
import { createToolSearchTool, systemPromptSections } from '@toolcell/sdkgen';
import type { AgentSettings } from '../config/agent-settings.js';
import { connectConfiguredServers } from '../mcp/connect-configured-servers.js';
import { terminalSignIn } from '../mcp/terminal-sign-in.js';
import { mcpServerNotices } from '../mcp/mcp-server-notices.js';
import { findConfinementViolation, realPathArguments } from '../tools/confinement.js';
import type { QuestionAsker } from '@toolcell/demo-tools';
import { createDemoTools } from '@toolcell/demo-tools';
import { Workspace } from '../tools/workspace.js';
import { createApprovalHandler } from './approval-policy.js';
import { CallReporter } from './call-reporter.js';
import type { CodeModeInstallation, DurableCellSettings } from './code-mode-plugin.js';
import { installCodeMode } from './code-mode-plugin.js';
import type { SandboxWarmUp, SandboxWarmUpOptions } from './sandbox-warm-up.js';
import { traceAgentRuntime } from '../tracing/active-tracing.js';
import { CellWatcher } from './cell-watcher.js';
import type { TerminalPrompts } from './terminal-prompts.js';
import type { TranscriptSink } from './transcript-event.js';

/** Options of {@link AgentRuntime.create}. */
export interface AgentRuntimeOptions {
  readonly settings: AgentSettings;
  readonly transcript: TranscriptSink;
  /** Terminal prompts for approvals and questions; `undefined` without a terminal. */
  readonly prompts: TerminalPrompts | undefined;
  /** Wraps the configured approval policy (`toolcell mcp-server` asks the MCP client first). */
  readonly wrapApproval?: (policy: ApprovalHandler) => ApprovalHandler;
  /** Why the policy denies under `ask` when nobody can be asked (see `createApprovalHandler`). */
  readonly noPromptReason?: (toolName: string) => string;
  /** How `ask_user_question` reaches a person without terminal prompts (`toolcell mcp-server`: the client's user). */
  readonly ask?: QuestionAsker;
  /** Tools to register instead of the demo tools (`toolcell eval` brings its fixtures). */
  readonly tools?: readonly ToolDefinition[];
  /** What the system prompt first says the agent is, instead of the coding-agent intro. */
  readonly intro?: string;
  /**
   * A durable store (`--store`): under `ask` with nobody to ask, a program's calls are
   * deferred instead of denied and its cell is suspended into the store.
   */
  readonly durable?: DurableCellSettings;
}

const SYSTEM_INTRO = [
  'You are toolcell, a coding agent working in a project directory.',
  'Use the tools to inspect and change files; paths are relative to the project root.',
  'When the task is done, answer with a short summary of what you did.',
].join(' ');

/**
 * The registry, executor and (in code modes) Code Mode of one agent, with the demo tools
 * registered, the confinement guard and the approval policy attached, and every call
 * reported to the transcript.
 */
export class AgentRuntime {
  /** Tokens of the last request sent (what `get_context_remaining` counts down from). */
  tokensUsed = 0;
  /** The root scope's yielded cells, for push completion (with cells in a code mode). */
  cells: CellWatcher | undefined;
  /** The imported MCP servers (`mcpServers` in the configuration), if any. */
  mcpServers: McpServersHandle | undefined;
  private codeMode: CodeModeInstallation | undefined;
  /** Stops tracing this runtime (set when the command is traced). */
  private untrace: (() => void) | undefined;

  private constructor(
    readonly settings: AgentSettings,
    readonly registry: ToolRegistry,
    readonly runtime: ToolRuntime,
    readonly workspace: Workspace,
    private readonly reporter: CallReporter,
    private readonly intro: string,
  ) {}

  /** The scope the agent runs in. */
  get scope(): Scope {
    return this.registry.root;
  }

  /** The effective mode. */
  get mode(): ToolMode {
    return this.scope.mode;
  }

  /** Build the runtime; throws `ConfigurationError` for settings that cannot work. */
  static async create(options: AgentRuntimeOptions): Promise<AgentRuntime> {
    const { settings, transcript, prompts } = options;
    const workspace = new Workspace(settings.workspace);
    const registry = new ToolRegistry({
      mode: settings.mode,
      directControl: settings.directControl,
      root: { search: settings.search ? { eager: settings.eager } : false },
    });
    const approval = createApprovalHandler({
      policy: settings.approve,
      perTool: settings.approvalTools,
      prompt: prompts?.approve,
      transcript,
      ...(options.noPromptReason ? { noPromptReason: options.noPromptReason } : {}),
      deferWithoutPrompt: options.durable !== undefined,
    });
    const runtime = new ToolRuntime({ registry, approval: options.wrapApproval ? options.wrapApproval(approval) : approval });
    const reporter = new CallReporter(transcript);
    const agent = new AgentRuntime(settings, registry, runtime, workspace, reporter, options.intro ?? SYSTEM_INTRO);
    const ask: QuestionAsker = prompts?.ask ?? options.ask ?? (async () => undefined);
    const tools: readonly ToolDefinition[] = options.tools ?? createDemoTools({
      workspace,
      contextMeter: { tokensLeft: () => settings.contextWindow - agent.tokensUsed },
      ask,
    });
    for (const tool of tools) {
      // Naming a tool under approvals.tools makes it need approval.
      registry.register(settings.approvalTools[tool.name] ? { ...tool, needsApproval: true } : tool);
    }
    // At a terminal (prompts), a server's OAuth sign-in address is printed on stderr.
    agent.mcpServers = await connectConfiguredServers(settings, registry, ask, prompts ? terminalSignIn(process.stderr, 300_000) : undefined);
    for (const notice of mcpServerNotices(settings, agent.mcpServers)) transcript(notice);
    if (settings.search && isCodeMode(settings.mode)) registry.register(createToolSearchTool(registry));
    reporter.attach(runtime);
    // A path through a link is asked about, and used, as where it lands.
    runtime.onPreExecute((call) => {
      if (typeof call.args === 'string') return;
      const args = realPathArguments(workspace, call.toolName, call.args);
      return args === undefined ? undefined : { type: 'rewrite', args };
    });
    runtime.addGuard((call) => {
      if (typeof call.args === 'string') return;
      const violation = findConfinementViolation(workspace, call.toolName, call.args as JsonObject);
      return violation ? { type: 'deny', reason: violation.message } : undefined;
    });
    if (isCodeMode(settings.mode)) {
      agent.codeMode = await installCodeMode({ registry, runtime, settings, ...(options.durable === undefined ? {} : { durable: options.durable }) });
      if (settings.cells || options.durable !== undefined) agent.cells = new CellWatcher(agent.codeMode.codeMode, registry.root.id);
    }
    agent.untrace = traceAgentRuntime(runtime, agent.codeMode?.codeMode.events);
    return agent;
  }

  /** The declarations the model is sent now. */
  declarations(): ToolDeclaration[] {
    return this.registry.wireView(this.scope);
  }

  /** The system-prompt sections sdkgen generates for the scope. */
  promptSections(): PromptSection[] {
    return systemPromptSections(this.registry, this.scope);
  }

  /** The system prompt: what the agent is, then the generated sections. */
  systemPrompt(): string {
    return [this.intro, ...this.promptSections().map((section) => section.text).filter((text) => text !== '')].join('\n\n');
  }

  /**
   * Dispatch one model turn's calls as a batch. Calls whose arguments could not be read
   * end as `INVALID_ARGS` without reaching the executor. Each promise resolves once the
   * call's `call_end` line has been written.
   */
  dispatchModelCalls(requests: readonly ToolCallRequest[], signal?: AbortSignal): Promise<CallOutcome>[] {
    const dispatchable = requests.filter((request) => request.argumentsError === undefined);
    // The source stays `model`, or `provider_code` for a provider's own code runner.
    const pending = this.runtime.dispatchBatch(dispatchable.map((request) => toDispatchRequest(request, signal === undefined ? { scope: this.scope } : { scope: this.scope, signal })));
    return requests.map((request) => {
      const invalid = invalidArgumentsOutcome(request);
      if (invalid) {
        this.reporter.reportUndispatched(invalid);
        return Promise.resolve(invalid);
      }
      return pending[dispatchable.indexOf(request)]!.then((outcome) => {
        this.reporter.reportModelCallEnd(outcome);
        return outcome;
      });
    });
  }

  /** Code Mode, when the mode is a code mode. */
  get codeModeTools(): CodeMode | undefined {
    return this.codeMode?.codeMode;
  }

  /**
   * In a code mode, run warm-up programs in the sandbox process (their calls never reach
   * the tools or the transcript), as while the model writes its first reply; `undefined`
   * without Code Mode. See `warmUpSandbox`.
   */
  warmUpSandbox(options: SandboxWarmUpOptions): Promise<SandboxWarmUp> | undefined {
    return this.codeMode?.warmUp(options);
  }

  /** Stop Code Mode's programs and sandbox processes, and the imported MCP servers. */
  async close(): Promise<void> {
    await this.codeMode?.shutdown();
    await this.mcpServers?.close();
    this.untrace?.();
  }
}
