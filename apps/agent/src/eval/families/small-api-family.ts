import type { JsonObject } from '@toolcell/core';
import { defineTool, jsonOutput } from '@toolcell/core';
import type { ScriptedResponder } from '../../model/scripted/scripted-responder.js';
import { answerNames } from '../answer-json.js';
import { answerTurn, callTurn, execReturnValue, execTurn, parseResult, readHistory } from '../cassette-history.js';
import type { EvalFamily, EvalTask } from '../eval-task.js';
import { seededRandom } from '../seeded-random.js';

const CURRENCIES = ['EUR', 'USD', 'JPY', 'GBP', 'CHF', 'SEK'];

function pair(seed: number): { from: string; to: string; rate: number } {
  const random = seededRandom(seed);
  const from = random.pick(CURRENCIES);
  const to = random.pick(CURRENCIES.filter((currency) => currency !== from));
  return { from, to, rate: random.integer(1_000, 200_000) / 1_000 };
}

// One direct call suffices: a competent model with direct tools just calls it.
const direct =
  (from: string, to: string): ScriptedResponder =>
  (body) => {
    const history = readHistory(body);
    const quote = history.exchanges.find((exchange) => exchange.name === 'get_exchange_rate');
    if (!quote) return callTurn(history, [{ name: 'get_exchange_rate', arguments: { from, to } }]);
    return answerTurn(history, `1 ${from} is ${String((parseResult(quote) as { rate: number }).rate)} ${to}.`);
  };

// code_mode_only has no direct route: the same call wrapped in a program.
const program =
  (from: string, to: string): ScriptedResponder =>
  (body) => {
    const history = readHistory(body);
    const exec = history.exchanges.find((exchange) => exchange.name === 'exec');
    if (!exec) return execTurn(history, `return (await tools.get_exchange_rate({ from: ${JSON.stringify(from)}, to: ${JSON.stringify(to)} })).rate;`);
    return answerTurn(history, `1 ${from} is ${String(execReturnValue(exec))} ${to}.`);
  };

function task(index: number): EvalTask {
  const seed = 5_000 + index;
  const { from, to, rate } = pair(seed);
  return {
    family: 'small_api',
    id: `small_api-${index + 1}`,
    prompt: `What is today's exchange rate from ${from} to ${to}? Answer with the rate.`,
    createFixture() {
      const getExchangeRate = defineTool<{ from: string; to: string }, JsonObject>({
        kind: 'function',
        name: 'get_exchange_rate',
        description: "Today's rate: how many units of `to` one unit of `from` buys.",
        readOnly: true,
        inputSchema: {
          type: 'object',
          properties: { from: { type: 'string', enum: CURRENCIES }, to: { type: 'string', enum: CURRENCIES } },
          required: ['from', 'to'],
          additionalProperties: false,
        },
        execute: (input) => jsonOutput({ from: input.from, to: input.to, rate: input.from === from && input.to === to ? rate : 1 }),
      });
      return {
        tools: [getExchangeRate],
        check: (answer) => (answerNames(answer, String(rate)) ? { passed: true, detail: 'ok' } : { passed: false, detail: `the answer does not state the rate ${rate}` }),
      };
    },
    cassettes: { direct: direct(from, to), code_mode: direct(from, to), code_mode_only: program(from, to) },
  };
}

/** A small API where one direct call suffices: the case where code mode should not win. */
export const smallApiFamily: EvalFamily = {
  name: 'small_api',
  description: 'one call answers it: code mode should not win here',
  task,
};
