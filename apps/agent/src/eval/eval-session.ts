import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentRuntime } from '../agent/agent-runtime.js';
import { runAgent } from '../agent/agent-loop.js';
import type { AgentRunSummary } from '../agent/agent-loop.js';
import type { TranscriptEvent } from '../agent/transcript-event.js';
import { resolveSettings } from '../config/agent-settings.js';
import type { ModelClient } from '../model/model-client.js';
import type { ScriptedResponder } from '../model/scripted/scripted-responder.js';
import type { EvalArm } from './eval-arm.js';
import type { EvalRun } from './eval-run.js';
import type { EvalTask } from './eval-task.js';
import { countingModelClient } from './counting-model-client.js';
import { RunAccounting } from './run-accounting.js';

/** Model settings an evaluation runs with (the scripted model by default). */
export interface EvalModelSettings {
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
  /** The approval policy for tools that need it (default `all`: the fixtures are pure). */
  readonly approve?: string;
  readonly maxTurns?: number;
}

/** The system prompt's first paragraph in an evaluation (the generated sections follow). */
export const EVAL_INTRO =
  "You are toolcell, an agent working with a company's records through tools. Use the tools to do the task exactly as asked; when it is done, answer in the form the task asks for.";

/** Builds the model client of one run; the scripted model gets the task's cassette. */
export type EvalClientFactory = (cassette: ScriptedResponder) => Promise<ModelClient>;

/**
 * One arm's agent: the real registry, executor and (in code modes) Code Mode with its
 * warm sandbox process, started once and reused by every task of the arm. Each run swaps
 * in the task's fresh fixture tools, so runs share nothing but the sandbox process.
 */
export class EvalSession {
  private registered: string[] = [];

  private constructor(
    readonly arm: EvalArm,
    /** Where the runtime's call events go: the accounting of the run in progress. */
    private readonly route: { current?: RunAccounting },
    private readonly runtime: AgentRuntime,
    private readonly workspace: string,
    private readonly maxTurns: number,
  ) {}

  static async start(arm: EvalArm, settings: EvalModelSettings): Promise<EvalSession> {
    // The agent needs a workspace; the fixtures touch no files, so an empty one.
    const workspace = mkdtempSync(join(tmpdir(), 'toolcell-eval-'));
    const resolved = resolveSettings({
      workspace,
      config: {},
      configFile: undefined,
      flags: { mode: arm, approve: settings.approve ?? 'all', provider: settings.provider, model: settings.model, baseUrl: settings.baseUrl },
    });
    const route: { current?: RunAccounting } = {};
    const transcript = (event: TranscriptEvent) => route.current?.record(event);
    // No demo tools: each run registers its task's own fixtures.
    const runtime = await AgentRuntime.create({ settings: resolved, transcript, prompts: undefined, tools: [], intro: EVAL_INTRO });
    return new EvalSession(arm, route, runtime, workspace, settings.maxTurns ?? resolved.maxTurns);
  }

  /** Run one task with a fresh fixture and grade it. */
  async run(task: EvalTask, createClient: EvalClientFactory): Promise<EvalRun> {
    for (const name of this.registered.splice(0)) this.runtime.registry.unregister(name);
    const fixture = task.createFixture();
    for (const tool of fixture.tools) {
      this.runtime.registry.register(tool);
      this.registered.push(tool.name);
    }
    const accounting = new RunAccounting();
    this.route.current = accounting;
    const counting = countingModelClient(await createClient(task.cassettes[this.arm]));
    const started = performance.now();
    let summary: AgentRunSummary | undefined;
    let failure: string | undefined;
    try {
      summary = await runAgent({ runtime: this.runtime, client: counting.client, task: task.prompt, transcript: (event) => accounting.record(event), maxTurns: this.maxTurns });
    } catch (error) {
      failure = (error as Error).message;
    } finally {
      this.route.current = undefined;
    }
    const verdict = summary ? fixture.check(summary.text) : { passed: false, detail: failure ?? 'the run failed' };
    return {
      family: task.family,
      task: task.id,
      arm: this.arm,
      passed: verdict.passed,
      detail: verdict.detail,
      ...counting.counts(),
      ...accounting.counts(),
      wallMs: summary?.wallMs ?? performance.now() - started,
    };
  }

  /** Stop the sandbox process and remove the empty workspace. */
  async close(): Promise<void> {
    await this.runtime.close();
    rmSync(this.workspace, { recursive: true, force: true });
  }
}
