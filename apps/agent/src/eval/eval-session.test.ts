// The harness's own accounting and grading, on the scripted cassettes through the real
// agent loop, registry, executor and sandbox.
import type { FunctionToolDefinition, ToolContext } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { startMockServer } from '../mock-server/mock-server.js';
import type { ScriptedResponder } from '../model/scripted/scripted-responder.js';
import { answerTurn, callTurn, execTurn, readHistory } from './cassette-history.js';
import type { EvalTask } from './eval-task.js';
import { aggregationFamily } from './families/aggregation-family.js';
import { filterThenActFamily } from './families/filter-then-act-family.js';
import { smallApiFamily } from './families/small-api-family.js';
import { EVAL_INTRO } from './eval-session.js';
import { runEval } from './run-eval.js';

const aggregation = aggregationFamily.task(0);

function withCassette(task: EvalTask, arm: keyof EvalTask['cassettes'], cassette: ScriptedResponder): EvalTask {
  return { ...task, cassettes: { ...task.cassettes, [arm]: cassette } };
}

describe('eval accounting on the scripted cassettes', () => {
  it('counts requests, tool turns, direct and nested calls per arm, and every run passes its check', async () => {
    const result = await runEval({ arms: ['direct', 'code_mode', 'code_mode_only'], tasks: [aggregation, smallApiFamily.task(0)], catalogSizes: [] });
    const run = (task: string, arm: string) => result.runs.find((candidate) => candidate.task === task && candidate.arm === arm)!;
    expect(result.runs.map((candidate) => candidate.passed)).toEqual([true, true, true, true, true, true]);
    // Direct pages through the 200 orders one request at a time: 4 pages, then the answer.
    expect(run('aggregation-1', 'direct')).toMatchObject({ requests: 5, toolTurns: 4, directCalls: 4, nestedCalls: 0, refusals: {} });
    expect(run('aggregation-1', 'code_mode_only')).toMatchObject({ requests: 2, toolTurns: 1, directCalls: 1, nestedCalls: 4, refusals: {} });
    // In code_mode the small API is one direct call; code_mode_only has to wrap it in exec.
    expect(run('small_api-1', 'code_mode')).toMatchObject({ requests: 2, directCalls: 1, nestedCalls: 0 });
    expect(run('small_api-1', 'code_mode_only')).toMatchObject({ requests: 2, directCalls: 1, nestedCalls: 1 });
    // Every request's declarations and messages are counted; the program's results never reach the model.
    expect(run('aggregation-1', 'direct').tokensSent).toBeGreaterThan(10 * run('aggregation-1', 'code_mode_only').tokensSent);
    expect(run('aggregation-1', 'code_mode_only').tokensReceived).toBeGreaterThan(run('aggregation-1', 'direct').tokensReceived);
    expect(run('aggregation-1', 'direct').providerUsage).toBeNull();
    expect(result.summaries.map((summary) => `${summary.family} ${summary.arm} ${summary.successRate}`)).toEqual([
      'aggregation direct 1',
      'aggregation code_mode 1',
      'aggregation code_mode_only 1',
      'small_api direct 1',
      'small_api code_mode 1',
      'small_api code_mode_only 1',
    ]);
  });

  it('declares only the task\'s fixture tools (no demo tools) under the eval intro', async () => {
    const task = smallApiFamily.task(0);
    const seen: { system: unknown; tools: string[] }[] = [];
    const recording: ScriptedResponder = (body) => {
      seen.push({ system: body.messages[0]!.content, tools: (body.tools ?? []).map((tool) => (tool.type === 'function' ? tool.function.name : tool.type)) });
      return task.cassettes.code_mode(body);
    };
    await runEval({ arms: ['direct', 'code_mode'], tasks: [withCassette(withCassette(task, 'direct', recording), 'code_mode', recording)], catalogSizes: [] });
    expect(seen.map((request) => request.tools)).toEqual([['get_exchange_rate'], ['get_exchange_rate'], ['exec', 'get_exchange_rate'], ['exec', 'get_exchange_rate']]);
    expect(String(seen[0]!.system).startsWith(EVAL_INTRO)).toBe(true);
  });

  it('fails the check of a run whose answer is wrong, though the transcript looks fine', async () => {
    const wrong: ScriptedResponder = (body) => {
      const history = readHistory(body);
      if (history.exchanges.length === 0) return callTurn(history, [{ name: 'list_orders', arguments: { page: 1 } }]);
      return answerTurn(history, 'Paid totals per customer, in cents: {"acme": 1}');
    };
    const result = await runEval({ arms: ['direct'], tasks: [withCassette(aggregation, 'direct', wrong)], catalogSizes: [] });
    expect(result.runs[0]).toMatchObject({ passed: false, detail: 'the totals differ from the paid orders', requests: 2, directCalls: 1 });
    expect(result.summaries[0]!.successRate).toBe(0);
  });

  it('shows the refusal of a cassette that calls a tool code_mode_only reaches only through exec', async () => {
    const program = aggregation.cassettes.code_mode_only;
    const strays: ScriptedResponder = (body) => {
      const history = readHistory(body);
      // First a direct call the arm refuses, then the program.
      if (history.exchanges.length === 0) return callTurn(history, [{ name: 'list_orders', arguments: {} }]);
      if (history.exchanges.length === 1) return execTurn(history, program(body).toolCalls[0]!.input!);
      return program(body);
    };
    const result = await runEval({ arms: ['code_mode_only'], tasks: [withCassette(aggregation, 'code_mode_only', strays)], catalogSizes: [] });
    expect(result.runs[0]).toMatchObject({ passed: true, refusals: { UNKNOWN_TOOL: 1 }, directCalls: 2, nestedCalls: 4, requests: 3 });
    expect(result.summaries[0]!.refusals).toEqual({ UNKNOWN_TOOL: 1 });
  });

  it('counts denied approvals as DENIED refusals, and the check sees that nothing was written', async () => {
    const result = await runEval({ arms: ['direct', 'code_mode_only'], tasks: [filterThenActFamily.task(0)], approve: 'none', catalogSizes: [] });
    const [direct, codeModeOnly] = result.runs;
    expect(direct).toMatchObject({ passed: false, detail: expect.stringMatching(/^reminded 0 invoices, expected [1-9]\d*$/) });
    expect(direct!.refusals.DENIED).toBe(direct!.directCalls - 1);
    // The program's first send_reminder is denied and rejects; uncaught, it ends the program.
    expect(codeModeOnly).toMatchObject({ passed: false, refusals: { DENIED: 1 }, failures: { EXEC_RUNTIME: 1 } });
  });

  it('with a real provider ignores the cassettes and adds up the usage the provider reports', async () => {
    const task = smallApiFamily.task(0);
    const [, from, to] = /from (\w+) to (\w+)/.exec(task.prompt)!;
    const rateTool = task.createFixture().tools[0] as FunctionToolDefinition;
    const { rate } = (await rateTool.execute({ from: from!, to: to! }, {} as ToolContext)).result.value as { rate: number };
    // A live model that checks the rate twice before answering (the cassette calls once).
    const call = { name: 'get_exchange_rate', arguments: { from: from!, to: to! } };
    const server = await startMockServer({ scenario: { turns: [{ tool_calls: [call] }, { tool_calls: [call] }, { text: `It is ${rate}.` }] } });
    try {
      const result = await runEval({ arms: ['direct'], tasks: [task], provider: 'openai-compatible', baseUrl: server.url, environment: {}, catalogSizes: [] });
      expect(result).toMatchObject({ provider: 'openai-compatible', model: 'default' });
      expect(result.runs[0]).toMatchObject({ passed: true, requests: 3, toolTurns: 2, directCalls: 2 });
      const usage = result.runs[0]!.providerUsage!;
      expect(usage.inputTokens).toBeGreaterThan(0);
      expect(usage.outputTokens).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });
});
