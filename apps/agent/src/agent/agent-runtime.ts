import type { CallOutcome, JsonObject, ToolCallRequest, ToolContext, ToolDeclaration, ToolDefinition, ToolMode } from '@toolcell/core';
import { MODEL_SOURCE, isCodeMode } from '@toolcell/core';
import type { CallEndEvent, CallEventBase } from '@toolcell/executor';
import { ToolRuntime } from '@toolcell/executor';
import { invalidArgumentsOutcome } from '@toolcell/providers';
import type { Scope } from '@toolcell/registry';
import { ToolRegistry } from '@toolcell/registry';
import type { PromptSection } from '@toolcell/sdkgen';
import { createToolSearchTool, systemPromptSections } from '@toolcell/sdkgen';
import type { AgentSettings } from '../config/agent-settings.js';
import { findConfinementViolation } from '../tools/confinement.js';
import { createDemoTools } from '../tools/demo-tools.js';
import { Workspace } from '../tools/workspace.js';
import { createApprovalHandler } from './approval-policy.js';
import type { CodeModeInstallation } from './code-mode-plugin.js';
import { installCodeMode } from './code-mode-plugin.js';
import type { TerminalPrompts } from './terminal-prompts.js';
import type { CallIdentity, TranscriptSink } from './transcript-event.js';

/** Options of {@link createAgentRuntime}. */
export interface AgentRuntimeOptions {
  readonly settings: AgentSettings;
  readonly transcript: TranscriptSink;
  /** Terminal prompts for approvals and questions; `undefined` without a terminal. */
  readonly prompts: TerminalPrompts | undefined;
}

function identity(event: CallEventBase): CallIdentity {
  const { source } = event;
  return {
    callId: event.callId,
    name: event.toolName,
    source: source.type,
    ...(source.type === 'code_mode' ? { parentCallId: source.parentCallId, cellId: source.cellId } : {}),
  };
}

/**
 * The registry, executor and (in code modes) Code Mode of one agent, with the demo tools
 * registered, the confinement guard and the approval policy attached, and every call
 * reported to the transcript.
 */
export class AgentRuntime {
  /** Tokens of the last request sent (what `get_context_remaining` counts down from). */
  tokensUsed = 0;
  private readonly denials = new Map<string, string>();
  private readonly failures = new Map<string, string>();
  private readonly ends = new Map<string, CallEndEvent>();
  private codeMode: CodeModeInstallation | undefined;

  private constructor(
    readonly settings: AgentSettings,
    readonly registry: ToolRegistry,
    readonly runtime: ToolRuntime,
    readonly workspace: Workspace,
    private readonly transcript: TranscriptSink,
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
    const approval = createApprovalHandler({ policy: settings.approve, perTool: settings.approvalTools, prompt: prompts?.approve, transcript });
    const runtime = new ToolRuntime({ registry, approval });
    const agent = new AgentRuntime(settings, registry, runtime, workspace, transcript);
    let tools: ToolDefinition[] = createDemoTools({
      workspace,
      contextMeter: { tokensLeft: () => settings.contextWindow - agent.tokensUsed },
      ask: prompts?.ask ?? (async () => undefined),
    });
    tools = tools.map((tool) => agent.observed(settings.approvalTools[tool.name] ? { ...tool, needsApproval: true } : tool));
    for (const tool of tools) registry.register(tool);
    if (settings.search && isCodeMode(settings.mode)) registry.register(createToolSearchTool(registry));
    agent.attach();
    if (isCodeMode(settings.mode)) agent.codeMode = await installCodeMode({ registry, runtime, settings });
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
    const intro = [
      'You are toolcell, a coding agent working in a project directory.',
      'Use the tools to inspect and change files; paths are relative to the project root.',
      'When the task is done, answer with a short summary of what you did.',
    ].join(' ');
    return [intro, ...this.promptSections().map((section) => section.text).filter((text) => text !== '')].join('\n\n');
  }

  /**
   * Dispatch one model turn's calls as a batch. Calls whose arguments could not be read
   * end as `INVALID_ARGS` without reaching the executor. Each promise resolves once the
   * call's `call_end` line has been written.
   */
  dispatchModelCalls(requests: readonly ToolCallRequest[], signal?: AbortSignal): Promise<CallOutcome>[] {
    return requests.map((request) => {
      const invalid = invalidArgumentsOutcome(request);
      if (invalid) {
        this.transcript({ type: 'call_start', callId: request.callId, name: request.name, source: 'model' });
        this.reportEnd(invalid);
        return Promise.resolve(invalid);
      }
      const args = request.input ?? request.args ?? {};
      return this.runtime.dispatch({ name: request.name, args, callId: request.callId, scope: this.scope, signal, source: MODEL_SOURCE }).then((outcome) => {
        this.reportEnd(outcome);
        return outcome;
      });
    });
  }

  /** Stop Code Mode's programs and sandbox processes. */
  async close(): Promise<void> {
    await this.codeMode?.shutdown();
  }

  /** Record the message of a thrown tool error, for the call's `call_end` line. */
  private observed(tool: ToolDefinition): ToolDefinition {
    const failures = this.failures;
    const run = async <Output>(context: ToolContext, execute: () => Output | Promise<Output>): Promise<Output> => {
      try {
        return await execute();
      } catch (error) {
        failures.set(context.callId, error instanceof Error ? error.message : String(error));
        throw error;
      }
    };
    if (tool.kind === 'freeform') {
      return { ...tool, execute: (input: string, context: ToolContext) => run(context, () => tool.execute(input, context)) };
    }
    return { ...tool, execute: (input: JsonObject, context: ToolContext) => run(context, () => tool.execute(input, context)) };
  }

  private attach(): void {
    const { events } = this.runtime;
    events.on('call-start', (event) => this.transcript({ type: 'call_start', ...identity(event) }));
    events.on('call-denied', (event) => this.denials.set(event.callId, event.message));
    events.on('call-end', (event) => {
      // Top-level calls are reported with their outcome by dispatchModelCalls.
      if (event.source.type !== 'code_mode') {
        this.ends.set(event.callId, event);
        return;
      }
      const message = this.denials.get(event.callId) ?? this.failures.get(event.callId);
      this.forget(event.callId);
      this.transcript({
        type: 'call_end',
        ...identity(event),
        status: event.status,
        ...(event.code === undefined ? {} : { code: event.code }),
        ...(message === undefined || event.status === 'ok' ? {} : { message }),
        durationMs: round(event.durationMs),
      });
    });
    this.runtime.onPreExecute((call) => {
      this.transcript({ type: 'hook', stage: 'pre_execute', callId: call.callId, name: call.toolName });
    });
    this.runtime.onPostExecute((call) => {
      this.transcript({ type: 'hook', stage: 'post_execute', callId: call.callId, name: call.toolName });
    });
    this.runtime.addGuard((call) => {
      if (typeof call.args === 'string') return;
      const violation = findConfinementViolation(this.workspace, call.toolName, call.args as JsonObject);
      return violation ? { type: 'deny', reason: violation.message } : undefined;
    });
  }

  private reportEnd(outcome: CallOutcome): void {
    const end = this.ends.get(outcome.callId);
    this.forget(outcome.callId);
    this.transcript({
      type: 'call_end',
      callId: outcome.callId,
      name: end?.toolName ?? outcome.toolName,
      source: 'model',
      status: outcome.status,
      ...(outcome.status === 'error' ? { code: outcome.code, message: outcome.message } : {}),
      ...(end ? { durationMs: round(end.durationMs) } : {}),
    });
  }

  private forget(callId: string): void {
    this.denials.delete(callId);
    this.failures.delete(callId);
    this.ends.delete(callId);
  }
}

function round(milliseconds: number): number {
  return Math.round(milliseconds * 100) / 100;
}
