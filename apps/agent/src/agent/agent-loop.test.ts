import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FINAL_TEXT } from '../scenario/scenario-player.js';
import { eventsOf, removeScenarioWorkspaces, runScenario } from '../test-support/scenario-run.js';
import { AgentLoopError } from './agent-loop-error.js';

afterEach(removeScenarioWorkspaces);

const DEMO_TOOLS = ['ask_user_question', 'get_context_remaining', 'list_files', 'read_file', 'search_text', 'write_file'];

describe('agent loop in direct mode', () => {
  it('declares every demo tool, runs calls through hooks, and ends with the final text', async () => {
    const { events, summary } = await runScenario({
      turns: [{ tool_calls: [{ name: 'search_text', arguments: { pattern: 'TODO\\(ana\\)' } }] }, { text: 'Found them.' }],
    });
    expect(events[0]).toEqual({ type: 'model_request', turn: 1, mode: 'direct', tools: DEMO_TOOLS });
    expect(eventsOf(events, 'call_0_0').map((event) => event.type)).toEqual(['call_start', 'hook', 'hook', 'call_end']);
    expect(eventsOf(events, 'call_0_0').at(-1)).toMatchObject({ type: 'call_end', name: 'search_text', source: 'model', status: 'ok' });
    expect(events.at(-1)).toEqual({ type: 'final', text: 'Found them.', turns: 2, tokens: summary.tokens });
    expect(summary).toMatchObject({ text: 'Found them.', requests: 2, toolTurns: 1, modelCalls: 1 });
    expect(summary.tokens).toBeGreaterThan(0);
  });

  it('refuses unknown names, exec and unreadable arguments before any hook', async () => {
    const { events } = await runScenario({
      turns: [
        {
          tool_calls: [
            { id: 'unknown', name: 'delete_everything', arguments: {} },
            { id: 'exec', name: 'exec', input: 'return 1' },
            { id: 'invalid', name: 'read_file', arguments: { path: 7 } },
          ],
        },
      ],
    });
    expect(eventsOf(events, 'unknown')).toEqual([
      { type: 'call_start', callId: 'unknown', name: 'delete_everything', source: 'model' },
      expect.objectContaining({ type: 'call_end', status: 'error', code: 'UNKNOWN_TOOL' }),
    ]);
    expect(eventsOf(events, 'exec').map((event) => event.type)).toEqual(['call_start', 'call_end']);
    expect(eventsOf(events, 'exec')[1]).toMatchObject({ code: 'UNKNOWN_TOOL' });
    expect(eventsOf(events, 'invalid').map((event) => event.type)).toEqual(['call_start', 'call_end']);
    expect(eventsOf(events, 'invalid')[1]).toMatchObject({ code: 'INVALID_ARGS' });
    expect(events.at(-1)).toMatchObject({ type: 'final', text: FINAL_TEXT, turns: 2 });
  });

  it('denies paths outside the workspace with a guard (DENIED, the tool never runs)', async () => {
    const { events } = await runScenario({
      turns: [{ tool_calls: [{ id: 'escape', name: 'write_file', arguments: { path: '../escaped.txt', content: 'x' } }] }],
    }, { flags: { approve: 'all' } });
    const end = eventsOf(events, 'escape').find((event) => event.type === 'call_end');
    expect(end).toMatchObject({ status: 'error', code: 'DENIED' });
    expect(end && 'message' in end ? end.message : '').toContain('is outside the workspace');
    expect(eventsOf(events, 'escape').some((event) => event.type === 'approval')).toBe(false);
  });

  it('asks for approval of write_file: denied without a terminal, approved with --approve all', async () => {
    const scenario = { turns: [{ tool_calls: [{ id: 'write', name: 'write_file', arguments: { path: 'out.md', content: 'hello' } }] }] };
    const denied = await runScenario(scenario);
    expect(eventsOf(denied.events, 'write').find((event) => event.type === 'approval')).toEqual({
      type: 'approval',
      callId: 'write',
      name: 'write_file',
      nested: false,
      decision: 'denied',
      reason: 'write_file needs approval and there is no terminal to ask on; rerun with --approve all to allow it',
    });
    expect(eventsOf(denied.events, 'write').at(-1)).toMatchObject({ type: 'call_end', code: 'DENIED' });
    expect(existsSync(join(denied.workspace, 'out.md'))).toBe(false);

    const approved = await runScenario(scenario, { flags: { approve: 'all' } });
    expect(eventsOf(approved.events, 'write').find((event) => event.type === 'approval')).toMatchObject({ decision: 'approved' });
    expect(readFileSync(join(approved.workspace, 'out.md'), 'utf8')).toBe('hello');

    const perTool = await runScenario(scenario, { config: { approvals: { default: 'all', tools: { write_file: 'none' } } } });
    expect(eventsOf(perTool.events, 'write').find((event) => event.type === 'approval')).toMatchObject({
      decision: 'denied',
      reason: 'approvals are set to none, so write_file may not run',
    });
  });

  it('get_context_remaining reads the context window minus the last request', async () => {
    const { events, requests } = await runScenario(
      { turns: [{ tool_calls: [{ id: 'left', name: 'get_context_remaining' }] }] },
      { config: { contextWindow: 50_000 } },
    );
    const response = events.find((event) => event.type === 'model_response');
    const used = response?.type === 'model_response' ? response.requestTokens : 0;
    expect(used).toBeGreaterThan(0);
    expect(requests[1]?.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'left', content: `${50_000 - used} tokens left` });
  });

  it('fails the run when the model keeps calling tools past maxTurns', async () => {
    const call = { tool_calls: [{ name: 'list_files' }] };
    const failure = runScenario({ turns: [call, call, call] }, { maxTurns: 2 });
    await expect(failure).rejects.toThrow('The model was still calling tools after 2 requests; raise --max-turns or simplify the task.');
    const error: unknown = await failure.catch((thrown: unknown) => thrown);
    expect(AgentLoopError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: '@toolcell/agent/AgentLoopError', code: 'MAX_TURNS_EXCEEDED', retryable: false });
  });
});
