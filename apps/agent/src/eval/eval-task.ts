import type { ToolDefinition } from '@toolcell/core';
import type { ScriptedResponder } from '../model/scripted/scripted-responder.js';
import type { EvalArm } from './eval-arm.js';

/** A task's verdict on one run. */
export interface CheckResult {
  readonly passed: boolean;
  /** What was wrong (or `ok`), for the report. */
  readonly detail: string;
}

/** One run's fresh copy of a task's world: its tools over seeded data, and the check. */
export interface EvalFixture {
  readonly tools: readonly ToolDefinition[];
  /**
   * Grade the run by the state the tools were left in and the model's final answer —
   * never by the transcript, so any route to the right result passes.
   */
  check(answer: string): CheckResult;
}

/** One seeded task of a family. */
export interface EvalTask {
  readonly family: string;
  /** `<family>-<n>`, stable across runs. */
  readonly id: string;
  /** What the model is asked. */
  readonly prompt: string;
  /** A fresh fixture: each run gets its own state. */
  createFixture(): EvalFixture;
  /**
   * The scripted model of each arm: how a competent model would act there. Each reads the
   * tool results in the request (it keeps no state), so one responder serves every run.
   */
  readonly cassettes: Readonly<Record<EvalArm, ScriptedResponder>>;
}

/** A family of tasks of one shape. */
export interface EvalFamily {
  readonly name: string;
  /** What the shape is and what it probes. */
  readonly description: string;
  /** The family's task for a seed index (0, 1, 2, …). */
  task(index: number): EvalTask;
}
