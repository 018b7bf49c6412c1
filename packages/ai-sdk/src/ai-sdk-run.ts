import type { ModelMessage } from 'ai';
import { hostContextSlot } from '@toolcell/core';

/**
 * The run context exec hands to every nested call (as `hostContext`): what the AI SDK gave
 * exec's `execute`, so a nested tool gets the same `messages` and its own tool context, and
 * the app's `toolApproval` sees them as for a direct call.
 */
export interface AiSdkRun {
  /** The conversation the model answered (exec's `messages`). */
  readonly messages: ModelMessage[];
  /** Each tool's context by name (`toolsContext` of the run), passed to nested tools and approval functions. */
  readonly toolsContext: Readonly<Record<string, unknown>>;
  /** The run's `runtimeContext`, for `toolApproval` functions. */
  readonly runtimeContext: unknown;
  /** Set for a direct call: the AI SDK validated the input and decided its approval already. */
  readonly direct: boolean;
  /** Set for a durable program: a nested call needing a person is deferred to the AI SDK's approval round trip. */
  readonly durable?: boolean;
}

/** What `toolsContext.exec` may hold: the run's contexts, for nested calls (see {@link codeModeContext}). */
export type CodeModeContext = {
  readonly toolsContext?: Readonly<Record<string, unknown>>;
  readonly runtimeContext?: unknown;
};

const RUN = hostContextSlot<AiSdkRun>('toolcell.ai-sdk.run');

/** Wrap a run so only this package reads it back from a `hostContext`. */
export const hostContextOf = RUN.wrap;

/** The run a `hostContext` carries, if this package put it there. */
export const runOf = RUN.read;

/**
 * The `toolsContext` and `runtimeContext` options of `generateText` / `streamText` with the
 * run's contexts also given to `exec`, so its nested calls get them as direct calls do.
 */
export function codeModeContext<Tools extends Record<string, unknown>, Runtime>(contexts: {
  readonly toolsContext?: Tools;
  readonly runtimeContext?: Runtime;
}): { toolsContext: Tools & { exec: CodeModeContext }; runtimeContext: Runtime | undefined } {
  const toolsContext = (contexts.toolsContext ?? {}) as Tools;
  return { toolsContext: { ...toolsContext, exec: { toolsContext, runtimeContext: contexts.runtimeContext } }, runtimeContext: contexts.runtimeContext };
}
