import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RUNNING_CELLS } from './code-mode-plugin.js';
import type { TranscriptEvent } from './transcript-event.js';
import { eventsOf, removeScenarioWorkspaces, runScenario } from '../test-support/scenario-run.js';

afterEach(removeScenarioWorkspaces);

const PROGRAM = `const file = await tools.read_file({ path: "README.md" });
await tools.write_file({ path: "copy.md", content: file.content });
return file.total_lines;`;

function nested(events: readonly TranscriptEvent[]): TranscriptEvent[] {
  return events.filter((event) => 'callId' in event && event.callId.startsWith('run:'));
}

describe('agent loop in code_mode_only', () => {
  it('declares only exec and the direct-control tool', async () => {
    const { events } = await runScenario({ turns: [{ text: 'nothing to do' }] }, { flags: { mode: 'code_mode_only' } });
    expect(events[0]).toEqual({ type: 'model_request', turn: 1, mode: 'code_mode_only', tools: ['ask_user_question', 'exec'] });
  });

  it('refuses a model-direct call of an ordinary tool with the exec route, before hooks and approval', async () => {
    const { events } = await runScenario(
      {
        turns: [
          {
            tool_calls: [
              { id: 'direct-read', name: 'read_file', arguments: { path: 'README.md' } },
              { id: 'direct-write', name: 'write_file', arguments: { path: 'x.md', content: 'x' } },
            ],
          },
        ],
      },
      { flags: { mode: 'code_mode_only', approve: 'all' } },
    );
    for (const [callId, jsName] of [['direct-read', 'read_file'], ['direct-write', 'write_file']] as const) {
      const lines = eventsOf(events, callId);
      expect(lines.map((event) => event.type)).toEqual(['call_start', 'call_end']);
      const end = lines[1];
      expect(end).toMatchObject({ type: 'call_end', source: 'model', status: 'error', code: 'UNKNOWN_TOOL' });
      expect(end?.type === 'call_end' ? end.message : '').toContain(`tools.${jsName}(`);
    }
    expect(events.some((event) => event.type === 'hook' || event.type === 'approval')).toBe(false);
  });

  it('runs a program whose nested calls go through hooks and approval with the code_mode source', async () => {
    const { events, workspace } = await runScenario(
      { turns: [{ tool_calls: [{ id: 'run', name: 'exec', input: PROGRAM }] }, { text: 'copied' }] },
      { flags: { mode: 'code_mode_only', approve: 'all' } },
    );
    expect(readFileSync(join(workspace, 'copy.md'), 'utf8')).toBe(readFileSync(join(workspace, 'README.md'), 'utf8').replace(/\n$/, ''));
    expect(eventsOf(events, 'run').at(-1)).toMatchObject({ type: 'call_end', name: 'exec', source: 'model', status: 'ok' });
    const starts = nested(events).filter((event) => event.type === 'call_start');
    expect(starts).toEqual([
      { type: 'call_start', callId: 'run:code:1', name: 'read_file', source: 'code_mode', parentCallId: 'run', cellId: expect.any(String) },
      { type: 'call_start', callId: 'run:code:2', name: 'write_file', source: 'code_mode', parentCallId: 'run', cellId: expect.any(String) },
    ]);
    expect(nested(events).filter((event) => event.type === 'hook').map((event) => event.type === 'hook' && [event.stage, event.name])).toEqual([
      ['pre_execute', 'read_file'],
      ['post_execute', 'read_file'],
      ['pre_execute', 'write_file'],
      ['post_execute', 'write_file'],
    ]);
    expect(nested(events).find((event) => event.type === 'approval')).toEqual({
      type: 'approval',
      callId: 'run:code:2',
      name: 'write_file',
      nested: true,
      decision: 'approved',
      reason: 'approve: all',
    });
  });

  it('denies a nested write without a terminal, and the program sees the code', async () => {
    const program = `try { await tools.write_file({ path: "x.md", content: "x" }); } catch (error) { return error.code; }`;
    const { events, requests } = await runScenario({ turns: [{ tool_calls: [{ id: 'run', name: 'exec', input: program }] }] }, { flags: { mode: 'code_mode_only' } });
    expect(nested(events).find((event) => event.type === 'call_end')).toMatchObject({ name: 'write_file', code: 'DENIED' });
    expect(JSON.stringify(requests[1]?.messages.at(-1))).toContain('DENIED');
  });
});

describe('agent loop in code_mode', () => {
  it('declares the ordinary tools and exec, and both routes run', async () => {
    const { events } = await runScenario(
      {
        turns: [
          { tool_calls: [{ id: 'direct', name: 'list_files', arguments: { path: 'src' } }] },
          { tool_calls: [{ id: 'run', name: 'exec', input: 'return (await tools.list_files({ path: "docs" })).entries.length;' }] },
        ],
      },
      { flags: { mode: 'code_mode' } },
    );
    expect(events[0]).toMatchObject({
      mode: 'code_mode',
      tools: ['ask_user_question', 'exec', 'get_context_remaining', 'list_files', 'read_file', 'search_text', 'write_file'],
    });
    expect(eventsOf(events, 'direct').at(-1)).toMatchObject({ status: 'ok' });
    expect(eventsOf(events, 'run').at(-1)).toMatchObject({ status: 'ok' });
    expect(nested(events).at(-1)).toMatchObject({ type: 'call_end', name: 'list_files', status: 'ok' });
  });
});

describe('sandbox limits from the configuration', () => {
  it('applies sandbox.cpuBudgetMs and sandbox.maxTextChars to programs', async () => {
    // One setting per run: under a small CPU budget a busy machine could end the chatty
    // program on the budget before its output limit.
    const spin = await runScenario(
      { turns: [{ tool_calls: [{ id: 'spin', name: 'exec', input: 'while (true) {}' }] }] },
      { flags: { mode: 'code_mode_only' }, config: { sandbox: { cpuBudgetMs: 200 } } },
    );
    expect(eventsOf(spin.events, 'spin').at(-1)).toMatchObject({ type: 'call_end', status: 'error', code: 'EXEC_CPU_BUDGET' });
    const chatty = await runScenario(
      { turns: [{ tool_calls: [{ id: 'chatty', name: 'exec', input: 'text("x".repeat(500)); return 1;' }] }] },
      { flags: { mode: 'code_mode_only' }, config: { sandbox: { maxTextChars: 100 } } },
    );
    expect(eventsOf(chatty.events, 'chatty').at(-1)).toMatchObject({ type: 'call_end', status: 'error', code: 'EXEC_OUTPUT_LIMIT' });
  });
});

describe('agent loop with cells', () => {
  it('declares wait, returns a running cell early, and a later wait sees only the new output', async () => {
    const program = `text('step one'); yield_control(); await new Promise((resolve) => setTimeout(resolve, 50)); text('step two'); return 'finished';`;
    const { events, requests } = await runScenario(
      {
        turns: [
          { tool_calls: [{ id: 'cell-run', name: 'exec', input: program }] },
          { tool_calls: [{ id: 'cell-wait', name: 'wait', arguments: { cell_id: '1' } }] },
          // wait returns when the program ends (it yields no more): 'step two' comes with the end.
          { tool_calls: [{ id: 'cell-wait-again', name: 'wait', arguments: { cell_id: '1' } }] },
          { text: 'done' },
        ],
      },
      { flags: { mode: 'code_mode_only', cells: true } },
    );
    expect(events[0]).toMatchObject({ type: 'model_request', tools: ['ask_user_question', 'exec', 'wait'] });
    const toolResult = (callId: string) => {
      for (const request of requests) {
        for (const message of request.messages) {
          if (message.role === 'tool' && message.tool_call_id === callId) return JSON.stringify(message.content);
        }
      }
      return '';
    };
    expect(toolResult('cell-run')).toContain('Script running, cell 1');
    expect(toolResult('cell-run')).toContain('step one');
    expect(toolResult('cell-wait')).toContain('step two');
    expect(toolResult('cell-wait')).not.toContain('step one');
    const [first, second] = [toolResult('cell-wait'), toolResult('cell-wait-again')];
    expect(first).toContain('Script completed');
    expect(first).toContain('Return value: \\"finished\\"');
    expect(second).not.toContain('step');
    expect(second).toContain('No live cell \\"1\\"');
    // wait observes; it produces no hook lines of its own.
    expect(events.filter((event) => event.type === 'hook' && event.callId === 'cell-wait')).toEqual([]);
    expect(eventsOf(events, 'cell-wait').at(-1)).toMatchObject({ type: 'call_end', status: 'ok' });
  });
});

describe('cells in the CLI', () => {
  it(`runs ${MAX_RUNNING_CELLS} cells at once, one sandbox process each, and refuses one more with the list of live cells`, async () => {
    // A busy program keeps its process (a program with nothing pending would simply end);
    // the CPU budget is far beyond the test, so nothing but the refusal can end a cell early.
    const yielding = (label: string) => `text(${JSON.stringify(label)}); yield_control(); await new Promise((resolve) => setTimeout(resolve, 0)); for (;;) {}`;
    const calls = ['one', 'two', 'three'].map((label) => ({ id: `cell-${label}`, name: 'exec', input: yielding(label) }));
    const { events, requests } = await runScenario(
      { turns: [{ tool_calls: calls }, { text: 'enough' }] },
      { flags: { mode: 'code_mode_only', cells: true, cellCompletion: 'poll' }, config: { sandbox: { cpuBudgetMs: 600_000 } } },
    );
    for (const label of ['one', 'two']) {
      expect(eventsOf(events, `cell-${label}`).at(-1)).toMatchObject({ type: 'call_end', status: 'ok' });
    }
    // Both programs really run (neither waits in the sandbox's queue): each printed its line.
    const answers = requests.at(-1)!.messages.filter((message) => message.role === 'tool');
    for (const label of ['one', 'two']) {
      expect(answers.find((message) => message.tool_call_id === `cell-${label}`)).toMatchObject({ content: expect.stringMatching(new RegExp(`^Script running, cell \\d+[\\s\\S]*\\n${label}$`, 'm')) });
    }
    const refused = eventsOf(events, 'cell-three').at(-1);
    expect(refused).toMatchObject({ type: 'call_end', status: 'error' });
    expect(refused?.type === 'call_end' ? refused.message : '').toMatch(new RegExp(`${MAX_RUNNING_CELLS} cells are running[\\s\\S]*Live cells:\\n- cell 1: running[\\s\\S]*- cell 2: running`));
  });
});
