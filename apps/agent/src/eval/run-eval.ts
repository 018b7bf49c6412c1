import { ConfigurationError } from '@toolcell/core';
import type { ProviderChoice } from '../config/toolcell-config.js';
import { PROVIDER_NAMES } from '../config/toolcell-config.js';
import { createModelClient } from '../model/create-model-client.js';
import type { CatalogScaleRow } from './catalog-scale.js';
import { measureCatalogScale } from './catalog-scale.js';
import type { EvalArm } from './eval-arm.js';
import type { EvalRun } from './eval-run.js';
import type { EvalClientFactory, EvalModelSettings } from './eval-session.js';
import { EvalSession } from './eval-session.js';
import type { EvalTask } from './eval-task.js';
import type { EvalSummary } from './summarize-runs.js';
import { summarizeRuns } from './summarize-runs.js';

/** Options of {@link runEval}. */
export interface RunEvalOptions extends EvalModelSettings {
  readonly arms: readonly EvalArm[];
  readonly tasks: readonly EvalTask[];
  /** Environment to read API keys from (default `process.env`). */
  readonly environment?: NodeJS.ProcessEnv;
  /** Called after each run, for a progress line. */
  readonly onRun?: (run: EvalRun, index: number, total: number) => void;
  /** Catalog sizes to measure (default: 10, 100, 500, 2,500; empty: skip). */
  readonly catalogSizes?: readonly number[];
}

/** Everything an evaluation measured. */
export interface EvalResult {
  readonly provider: string;
  readonly model: string;
  readonly arms: readonly EvalArm[];
  readonly runs: readonly EvalRun[];
  /** Medians per family and arm. */
  readonly summaries: readonly EvalSummary[];
  readonly catalogScale: readonly CatalogScaleRow[];
}

/**
 * Run every task in every arm through the real agent loop, grading each run by the
 * task's own check. The scripted model replays each task's cassette for the arm; a real
 * provider gets the same prompts and tools, and the cassettes are ignored.
 */
export async function runEval(options: RunEvalOptions): Promise<EvalResult> {
  const provider = options.provider ?? 'scripted';
  if (!(PROVIDER_NAMES as readonly string[]).includes(provider)) {
    throw new ConfigurationError({ setting: '--provider', message: `${JSON.stringify(provider)} is not allowed; use one of ${PROVIDER_NAMES.join(', ')}.` });
  }
  const settings = { provider: provider as ProviderChoice, model: options.model, baseUrl: options.baseUrl };
  const createClient: EvalClientFactory = (cassette) => createModelClient({ settings, responder: cassette, environment: options.environment });
  // Fail on a missing key or URL before any run starts.
  const { model } = await createClient(() => ({ index: undefined, text: '', toolCalls: [] }));
  const runs: EvalRun[] = [];
  const total = options.arms.length * options.tasks.length;
  for (const arm of options.arms) {
    const session = await EvalSession.start(arm, options);
    try {
      for (const task of options.tasks) {
        const run = await session.run(task, createClient);
        runs.push(run);
        options.onRun?.(run, runs.length, total);
      }
    } finally {
      await session.close();
    }
  }
  const catalogScale = await measureCatalogScale(options.catalogSizes);
  return { provider, model, arms: options.arms, runs, summaries: summarizeRuns(runs), catalogScale };
}
