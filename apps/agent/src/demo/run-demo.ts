import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AgentRuntime } from '../agent/agent-runtime.js';
import { runAgent } from '../agent/agent-loop.js';
import type { SandboxWarmUp, SandboxWarmUpOptions } from '../agent/sandbox-warm-up.js';
import type { TranscriptEvent, TranscriptSink } from '../agent/transcript-event.js';
import { resolveSettings } from '../config/agent-settings.js';
import { createScriptedModelClient } from '../model/scripted/scripted-model.js';
import { codeModeDemoModel, directDemoModel } from './demo-model.js';
import { DEMO_TASK, REPORT_PATH } from './todo-report.js';

/** The bundled sample project (next to `src/` and `dist/`). */
export const SAMPLE_PROJECT_DIRECTORY = fileURLToPath(new URL('../../sample-project/', import.meta.url));

/** The two modes the demo compares. */
export const DEMO_MODES = ['direct', 'code_mode_only'] as const;

/**
 * What one model round trip is taken to cost for {@link DemoRun.modelledWallMs}: a hosted
 * model's time to its first token plus a short reply (tool calls, a program), about a second
 * for the models agents use. The demo's own model answers at once.
 */
export const MODELLED_ROUND_TRIP_MS = 1_000;

/**
 * Warm-up programs the code-mode run's sandbox process runs before any run (see
 * {@link runDemo}), at most: as many as the sandbox pool gives a spare before it takes over
 * from a process at its end. It stops early once the runtime has existed for
 * {@link MODELLED_ROUND_TRIP_MS}, the model's first reply: a host has no more time than that.
 */
export const SANDBOX_WARM_UP_PROGRAMS = 40;

/** What the code-mode run's sandbox process did before the runs (not timed by either run). */
export interface DemoSandboxWarmUp {
  /** Warm-up programs it ran ({@link SANDBOX_WARM_UP_PROGRAMS}). */
  readonly programs: number;
  /** Their nested calls, each answered by the warm-up itself (no tool ran). */
  readonly calls: number;
  /** From the runtime's creation to the warm-up's end: the process's start and the programs. */
  readonly wallMs: number;
}

/** One run of the demo. */
export interface DemoRun {
  readonly mode: (typeof DEMO_MODES)[number];
  /** Model turns that asked for tools. */
  readonly toolTurns: number;
  readonly requests: number;
  /** Tokens sent to the model (declarations + messages, o200k). */
  readonly tokens: number;
  /** Calls the model made directly. */
  readonly modelCalls: number;
  /** Calls programs made inside `exec`. */
  readonly nestedCalls: number;
  readonly wallMs: number;
  /** {@link wallMs} with a real model: plus `requests` × {@link MODELLED_ROUND_TRIP_MS}. */
  readonly modelledWallMs: number;
  /**
   * For a code-mode run: whether its sandbox process had run its warm-up programs before
   * the run's first `exec` started, so no program of the run paid the process's cold start.
   */
  readonly sandboxWarmBeforeFirstExec?: boolean;
  /** For a code-mode run: what its sandbox process did before the runs. */
  readonly sandboxWarmUp?: DemoSandboxWarmUp;
  /** The absolute path of the report the run wrote. */
  readonly reportPath: string;
  readonly report: string;
  readonly finalText: string;
}

/** The demo's outcome. */
export interface DemoResult {
  /** The temporary directory holding one copy of the sample project per run. */
  readonly workspace: string;
  readonly task: string;
  readonly runs: readonly DemoRun[];
  /** Whether both runs wrote byte-identical reports. */
  readonly identical: boolean;
}

/** One mode's runtime, created before any run starts. */
interface PreparedRun {
  readonly mode: DemoRun['mode'];
  readonly settings: ReturnType<typeof resolveSettings>;
  readonly transcript: TranscriptSink;
  readonly runtime: Promise<AgentRuntime>;
  readonly nested: { calls: number };
  /** Code mode: the sandbox's warm-up, started as soon as the runtime exists; resolves with what it did and when it ended. */
  readonly warmedUp: Promise<DemoSandboxWarmUp & { readonly at: number }> | undefined;
  /** When the run's first `exec` started (performance.now()), once it has. */
  readonly firstExec: { at: number | undefined };
  /** Whether the runtime's events are shown and counted (not during the warm-ups). */
  readonly shown: { value: boolean };
}

function prepareRun(mode: DemoRun['mode'], root: string, transcript: TranscriptSink): PreparedRun {
  const workspace = join(root, mode);
  cpSync(SAMPLE_PROJECT_DIRECTORY, workspace, { recursive: true });
  // The demo approves its own report write: it runs unattended and only inside its copy.
  const settings = resolveSettings({ workspace, config: {}, configFile: undefined, flags: { mode, approve: 'all', provider: 'scripted' } });
  const nested = { calls: 0 };
  const firstExec: { at: number | undefined } = { at: undefined };
  // The warm-ups' events are not the run's: nothing is shown or counted before the run starts.
  const shown = { value: false };
  const counting: TranscriptSink = (event: TranscriptEvent) => {
    if (!shown.value) return;
    if (event.type === 'call_start' && event.name === 'exec') firstExec.at ??= performance.now();
    if (event.type === 'call_end' && event.parentCallId !== undefined) nested.calls += 1;
    transcript(event);
  };
  const createdAt = performance.now();
  const runtime = AgentRuntime.create({ settings, transcript: counting, prompts: undefined });
  runtime.catch(() => undefined); // awaited by its run; a failure is reported there
  // As an app does while the model writes its first reply: the sandbox process starts and
  // runs warm-up programs (its realm restored, its JavaScript and the interpreter's paths
  // optimized), so the run's first program finds it warm. The demo's model answers at
  // once, so the runs wait for it.
  const warmedUp = mode === 'direct' ? undefined : runtime.then((created) => warmUpSandbox(created, createdAt));
  warmedUp?.catch(() => undefined); // awaited by its run
  return {
    mode,
    settings,
    transcript: counting,
    runtime,
    nested,
    warmedUp,
    firstExec,
    shown,
  };
}

/**
 * Run up to {@link SANDBOX_WARM_UP_PROGRAMS} warm-up programs in the runtime's sandbox
 * within the model's first reply; resolves with what ran and when it ended.
 */
async function warmUpSandbox(runtime: AgentRuntime, createdAt: number): Promise<DemoSandboxWarmUp & { at: number }> {
  // The first program always runs, so no run pays the process's start; the rest only within the first reply.
  const first = await warmUpPrograms(runtime, { programs: 1 });
  const firstReply = AbortSignal.timeout(Math.max(0, Math.ceil(createdAt + MODELLED_ROUND_TRIP_MS - performance.now())));
  const rest = await warmUpPrograms(runtime, { programs: SANDBOX_WARM_UP_PROGRAMS - 1, signal: firstReply });
  const at = performance.now();
  return { at, programs: first.programs + rest.programs, calls: first.calls + rest.calls, wallMs: at - createdAt };
}

async function warmUpPrograms(runtime: AgentRuntime, options: SandboxWarmUpOptions): Promise<SandboxWarmUp> {
  const warmUp = await runtime.warmUpSandbox(options);
  if (warmUp === undefined) throw new Error('a code-mode demo run has no Code Mode installed');
  if (warmUp.failure !== undefined) throw new Error(`the demo could not warm its sandbox up: ${warmUp.failure.code}: ${warmUp.failure.message}`);
  return warmUp;
}

async function runPrepared(prepared: PreparedRun): Promise<DemoRun> {
  const { mode, settings, transcript, nested } = prepared;
  const runtime = await prepared.runtime;
  const warmUp = await prepared.warmedUp;
  const client = createScriptedModelClient({ responder: mode === 'direct' ? directDemoModel : codeModeDemoModel });
  const summary = await runAgent({ runtime, client, task: DEMO_TASK, transcript, maxTurns: settings.maxTurns });
  const reportPath = join(runtime.workspace.root, REPORT_PATH);
  const firstExecAt = prepared.firstExec.at;
  return {
    mode,
    toolTurns: summary.toolTurns,
    requests: summary.requests,
    tokens: summary.tokens,
    modelCalls: summary.modelCalls,
    nestedCalls: nested.calls,
    wallMs: summary.wallMs,
    modelledWallMs: summary.wallMs + summary.requests * MODELLED_ROUND_TRIP_MS,
    ...(warmUp === undefined
      ? {}
      : {
          sandboxWarmBeforeFirstExec: firstExecAt !== undefined && warmUp.at <= firstExecAt,
          sandboxWarmUp: { programs: warmUp.programs, calls: warmUp.calls, wallMs: warmUp.wallMs },
        }),
    reportPath,
    report: readFileSync(reportPath, 'utf8'),
    finalText: summary.text,
  };
}

/**
 * Copy the sample project to a temporary directory once per mode and let the built-in
 * model do the TODO-report task in each; `transcript` receives both runs' events, tagged
 * by `onRunStart`.
 */
export async function runDemo(options: {
  readonly transcriptFor: (mode: DemoRun['mode']) => TranscriptSink;
  readonly onRunStart?: (mode: DemoRun['mode'], workspace: string) => void;
  readonly root?: string;
}): Promise<DemoResult> {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'toolcell-demo-'));
  // Every runtime is created first and the code-mode run's sandbox process started and
  // warmed up (SANDBOX_WARM_UP_PROGRAMS programs) before any run, as an app's is while it
  // waits for the model's first reply: no run's wall time includes a process start or a
  // fresh process's slow first programs, and none shares the CPU with them.
  const prepared = DEMO_MODES.map((mode) => prepareRun(mode, root, options.transcriptFor(mode)));
  const runs: DemoRun[] = [];
  try {
    await Promise.all(prepared.map((run) => run.warmedUp));
    // A session's first task pays the process's and the runtime's first use of the agent
    // loop, the tools, the token counter and (code mode) the nested-call path and the guest's
    // built-ins: tens of ms, whichever mode goes first. Each mode does the task once unshown
    // (writing the same report), so the runs shown compare the modes as a session's later
    // tasks see them, not the order they ran in.
    for (const run of prepared) rmSync((await runPrepared(run)).reportPath);
    for (const run of prepared) {
      options.onRunStart?.(run.mode, join(root, run.mode));
      run.shown.value = true;
      run.firstExec.at = undefined;
      run.nested.calls = 0;
      runs.push(await runPrepared(run));
    }
  } finally {
    await Promise.allSettled(prepared.map(async (run) => (await run.runtime).close()));
  }
  return { workspace: root, task: DEMO_TASK, runs, identical: runs.every((run) => run.report === runs[0]?.report) };
}
