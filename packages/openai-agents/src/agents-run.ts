import type { Agent, FunctionTool, RunContext } from '@openai/agents';
import { hostContextSlot } from '@toolcell/core';

/** An agent of any context and output, as the runner hands it to guardrails. */
export type AnyAgent = Agent<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A function tool as the SDK's runner sees it (any context, parameters and result). */
export type AnyFunctionTool = FunctionTool<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * What `exec` hands every nested call (as `hostContext`): the Agents SDK run it was called
 * in, so a nested tool gets the same `RunContext`, and its approval policy and guardrails see
 * the run and the agent as for a direct call.
 */
export interface AgentsRun {
  /** The run's context (`runContext.context` is the app's own context object). */
  readonly runContext: RunContext<unknown>;
  /** The agent whose turn called `exec`, when the runner called it (undefined for a bare `invoke`). */
  readonly agent: AnyAgent | undefined;
  /** A guardrail's tripwire raised by a nested call: `exec` rethrows it so the run fails as the SDK would. */
  tripwire: Error | undefined;
  /** Set for a durable program: a nested call needing approval is deferred to the run's interruption of `exec`. */
  readonly durable?: boolean;
}

const RUN = hostContextSlot<AgentsRun>('toolcell.openai-agents.run');

/** Wrap a run so only this package reads it back from a `hostContext`. */
export const hostContextOf = RUN.wrap;

/** The run a `hostContext` carries, if this package put it there. */
export const runOf = RUN.read;
