import type { EvalArm } from './eval-arm.js';

/** The provider's own token counts for a run, when its client reports them. */
export interface ProviderUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** What one task in one arm measured. */
export interface EvalRun {
  readonly family: string;
  readonly task: string;
  readonly arm: EvalArm;
  /** The task's check passed on the final state and answer. */
  readonly passed: boolean;
  /** The check's verdict (`ok`), or why the run failed. */
  readonly detail: string;
  readonly requests: number;
  /** Model turns that asked for tools. */
  readonly toolTurns: number;
  /** o200k tokens of every request body sent (declarations + messages). */
  readonly tokensSent: number;
  /** o200k tokens of the model's answers (text + calls). */
  readonly tokensReceived: number;
  /** Summed over the requests; `null` when the client reports none (the scripted model). */
  readonly providerUsage: ProviderUsage | null;
  readonly directCalls: number;
  readonly nestedCalls: number;
  readonly wallMs: number;
  readonly refusals: Readonly<Record<string, number>>;
  readonly failures: Readonly<Record<string, number>>;
}
