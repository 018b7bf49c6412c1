// Run the agent in process on a copy of the sample project with a scenario, collecting the
// transcript: the scenario tests of each mode use it.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentRuntime } from '../agent/agent-runtime.js';
import type { AgentRunSummary } from '../agent/agent-loop.js';
import type { DurableCellSettings } from '../agent/code-mode-plugin.js';
import { runAgent } from '../agent/agent-loop.js';
import type { TranscriptEvent } from '../agent/transcript-event.js';
import type { SettingFlags } from '../config/agent-settings.js';
import { resolveSettings } from '../config/agent-settings.js';
import type { ToolcellConfig } from '../config/toolcell-config.js';
import { SAMPLE_PROJECT_DIRECTORY } from '../demo/run-demo.js';
import { createScriptedModelClient } from '../model/scripted/scripted-model.js';
import type { ScriptedResponder } from '../model/scripted/scripted-responder.js';
import { scenarioResponder } from '../model/scripted/scripted-responder.js';
import type { Scenario } from '../scenario/scenario.js';
import type { ModelClient } from '../model/model-client.js';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ToolDefinition } from '@toolcell/core';

export interface ScenarioRun {
  readonly events: TranscriptEvent[];
  /** Every request body the scripted model received. */
  readonly requests: ChatCompletionCreateParamsNonStreaming[];
  readonly summary: AgentRunSummary;
  readonly workspace: string;
}

const workspaces: string[] = [];

/** Remove the workspaces made by {@link runScenario}. */
export function removeScenarioWorkspaces(): void {
  for (const workspace of workspaces.splice(0)) rmSync(workspace, { recursive: true, force: true });
}

export async function runScenario(
  scenario: Scenario,
  options: {
    readonly flags?: SettingFlags;
    readonly config?: ToolcellConfig;
    readonly maxTurns?: number;
    /** A real provider's client instead of the scripted model (the scenario is then unused). */
    readonly client?: ModelClient;
    /** A scripted model that reads each request, instead of playing the scenario. */
    readonly responder?: ScriptedResponder;
    /** Tools registered besides the demo tools. */
    readonly tools?: readonly ToolDefinition[];
    /** Sees each transcript event as it happens. */
    readonly onEvent?: (event: TranscriptEvent) => void;
    /** A durable store: programs' calls nobody can approve now wait there. */
    readonly durable?: DurableCellSettings;
  } = {},
): Promise<ScenarioRun> {
  const workspace = mkdtempSync(join(tmpdir(), 'toolcell-scenario-'));
  workspaces.push(workspace);
  cpSync(SAMPLE_PROJECT_DIRECTORY, workspace, { recursive: true });
  const settings = resolveSettings({ workspace, config: options.config ?? {}, configFile: undefined, flags: options.flags ?? {} });
  const events: TranscriptEvent[] = [];
  const transcript = (event: TranscriptEvent) => {
    events.push(event);
    options.onEvent?.(event);
  };
  const runtime = await AgentRuntime.create({ settings, transcript, prompts: undefined, ...(options.durable === undefined ? {} : { durable: options.durable }) });
  for (const tool of options.tools ?? []) runtime.registry.register(tool);
  try {
    const play = options.responder ?? scenarioResponder(scenario);
    const requests: ChatCompletionCreateParamsNonStreaming[] = [];
    const client = options.client ?? createScriptedModelClient({ responder: (body) => (requests.push(body), play(body)) });
    const summary = await runAgent({ runtime, client, task: 'test', transcript, maxTurns: options.maxTurns ?? settings.maxTurns });
    return { events, requests, summary, workspace };
  } finally {
    await runtime.close();
  }
}

/** The transcript lines about one call. */
export function eventsOf(events: readonly TranscriptEvent[], callId: string): TranscriptEvent[] {
  return events.filter((event) => 'callId' in event && event.callId === callId);
}
