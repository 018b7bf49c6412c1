import type { JsonObject } from '@toolcell/core';
import type { Scenario } from './scenario.js';

/** The text the scripted model answers with once a scenario has no turns left. */
export const FINAL_TEXT = 'The scenario has no more turns; stopping here.';

/** A tool call as a played turn carries it: the id is always set. */
export interface PlayedToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments?: JsonObject;
  readonly input?: string;
}

/** What the scripted model says in answer to one request. */
export interface PlayedTurn {
  /** Which scenario turn this is (`undefined` for the final text after the last turn). */
  readonly index: number | undefined;
  readonly text: string;
  readonly toolCalls: readonly PlayedToolCall[];
}

/** The default id of a scripted tool call: `call_<turn>_<index>`. */
export function defaultCallId(turn: number, index: number): string {
  return `call_${turn}_${index}`;
}

/** Plays a scenario: each request consumes the next turn; then the final text, forever. */
export class ScenarioPlayer {
  private position = 0;

  constructor(private readonly scenario: Scenario) {}

  /** How many turns have been consumed. */
  get consumed(): number {
    return this.position;
  }

  /** The answer to the next request. */
  next(): PlayedTurn {
    const index = this.position;
    const turn = this.scenario.turns[index];
    if (turn === undefined) return { index: undefined, text: FINAL_TEXT, toolCalls: [] };
    this.position += 1;
    return {
      index,
      text: turn.text ?? '',
      toolCalls: (turn.tool_calls ?? []).map((call, callIndex) => ({ ...call, id: call.id ?? defaultCallId(index, callIndex) })),
    };
  }
}
