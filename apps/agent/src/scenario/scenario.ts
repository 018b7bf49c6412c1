import type { JsonObject } from '@toolcell/core';

/** One tool call a scripted turn asks for. */
export interface ScenarioToolCall {
  /** The call id (default `call_<turn>_<index>`). */
  readonly id?: string;
  readonly name: string;
  /** Arguments of a function tool. */
  readonly arguments?: JsonObject;
  /** Raw input of a freeform tool (an `exec` program). */
  readonly input?: string;
}

/** What the scripted model answers to one request. */
export type ScenarioTurn =
  | { readonly tool_calls: readonly ScenarioToolCall[]; readonly text?: string }
  | { readonly text: string; readonly tool_calls?: undefined };

/**
 * A scenario file: the scripted model's answers, one per model request, in order. When
 * the turns run out, the model answers with a final text.
 */
export interface Scenario {
  readonly turns: readonly ScenarioTurn[];
}
