import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { Scenario } from '../../scenario/scenario.js';
import type { PlayedTurn } from '../../scenario/scenario-player.js';
import { ScenarioPlayer } from '../../scenario/scenario-player.js';

/**
 * Decides the scripted model's next answer from the request it was sent: the one notion
 * of a fake model. A scenario file ignores the request; the demo's model and the eval's
 * cassettes read the tool results in it.
 */
export type ScriptedResponder = (body: ChatCompletionCreateParamsNonStreaming) => PlayedTurn;

/** A responder that plays a scenario file, one turn per request. */
export function scenarioResponder(scenario: Scenario): ScriptedResponder {
  const player = new ScenarioPlayer(scenario);
  return () => player.next();
}
