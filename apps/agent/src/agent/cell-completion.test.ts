import type { FunctionToolDefinition } from '@toolcell/core';
import { defineTool, toolOutput } from '@toolcell/core';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayedTurn } from '../scenario/scenario-player.js';
import { removeScenarioWorkspaces, runScenario } from '../test-support/scenario-run.js';
import type { TranscriptEvent } from './transcript-event.js';

afterEach(removeScenarioWorkspaces);

const STEPS = 10;
// Yields at once, then makes ten nested calls, each one step of work the test releases.
const PROGRAM = `yield_control();
let done = 0;
for (let index = 0; index < ${STEPS}; index += 1) {
  await tools.step({});
  done += 1;
}
return done;`;

/** Work whose progress the test controls: each `step` call ends when a step is released. */
function steppedWork(): { tool: FunctionToolDefinition; release(count: number): void } {
  let credits = 0;
  const waiting: (() => void)[] = [];
  const release = (count: number) => {
    credits += count;
    while (credits > 0 && waiting.length > 0) {
      credits -= 1;
      waiting.shift()!();
    }
  };
  const tool = defineTool({
    kind: 'function',
    name: 'step',
    description: 'One step of a long job.',
    readOnly: true,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    async execute(_input, context) {
      await new Promise<void>((resolve, reject) => {
        context.signal.addEventListener('abort', () => reject(context.signal.reason as Error), { once: true });
        waiting.push(resolve);
        release(0);
      });
      return toolOutput({ result: 'ok', wire: 'ok' });
    },
  });
  return { tool, release };
}

type Body = ChatCompletionCreateParamsNonStreaming;

/** The text of the request's last message (a tool result or the host's message). */
function lastMessage(body: Body): string {
  const content = body.messages.at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
}

const turn = (played: Omit<PlayedTurn, 'index'>): PlayedTurn => ({ index: 0, ...played });
const EXEC = turn({ text: '', toolCalls: [{ id: 'job', name: 'exec', input: PROGRAM }] });
const DONE = turn({ text: 'All ten steps are done.', toolCalls: [] });

/**
 * A model that polls: after `exec` it calls `wait` every 200 ms until the cell completes.
 * Each of its polls stands for 200 ms of the job's time, so each releases one step.
 */
function pollingModel(release: (count: number) => void) {
  let polls = 0;
  return (body: Body): PlayedTurn => {
    if (body.messages.length === 2) return EXEC;
    if (lastMessage(body).includes('Script completed')) return DONE;
    polls += 1;
    release(1);
    return turn({ text: '', toolCalls: [{ id: `poll-${polls}`, name: 'wait', arguments: { cell_id: '1', yield_time_ms: 200 } }] });
  };
}

/** A model that, after `exec`, ends its turn (or calls `wait` once) and is told when the job is done. */
function pushedModel(afterExec: 'end_turn' | 'wait') {
  return (body: Body): PlayedTurn => {
    if (body.messages.length === 2) return EXEC;
    if (lastMessage(body).includes('Script completed')) return DONE;
    if (afterExec === 'wait') return turn({ text: '', toolCalls: [{ id: 'look', name: 'wait', arguments: { cell_id: '1', yield_time_ms: 200 } }] });
    return turn({ text: 'The job is running; I will report when it is done.', toolCalls: [] });
  };
}

async function runJob(cellCompletion: 'push' | 'poll', responder: (release: (count: number) => void) => (body: Body) => PlayedTurn) {
  const work = steppedWork();
  // In push mode the job's remaining time passes while the loop waits for the cell's news.
  const onEvent = (event: TranscriptEvent) => {
    if (event.type === 'cell_wait') work.release(STEPS);
  };
  const run = await runScenario(
    { turns: [] },
    {
      flags: { mode: 'code_mode_only', cells: true, cellCompletion },
      tools: [work.tool],
      responder: responder(work.release),
      onEvent,
    },
  );
  return run;
}

describe('cell completion', () => {
  it('push: the model is sampled three times (exec, its reply, the completion) and sent fewer tokens than a model polling wait every 200 ms', async () => {
    const pushed = await runJob('push', () => pushedModel('end_turn'));
    const polled = await runJob('poll', pollingModel);

    expect(pushed.summary.requests).toBe(3);
    expect(pushed.summary.text).toBe('All ten steps are done.');
    const cellEvents = pushed.events.filter((event) => event.type === 'cell_wait' || event.type === 'cell_update');
    expect(cellEvents).toEqual([
      { type: 'cell_wait', turn: 2, cellIds: ['1'] },
      { type: 'cell_update', cellId: '1', status: 'completed', reasons: ['end'], message: expect.stringContaining('Return value: 10') },
    ]);
    // The completion reaches the model as one message naming the cell, after the model's reply.
    const last = pushed.requests.at(-1)!.messages;
    expect(last.at(-2)).toMatchObject({ role: 'assistant', content: 'The job is running; I will report when it is done.' });
    expect(last.at(-1)).toMatchObject({ role: 'user', content: expect.stringMatching(/^News from exec cell 1 [^\n]*\nScript completed in \d+ ms \(cell 1\)\./) });

    // Polling: the exec, a wait per 200 ms of the job (at least ten), the final answer.
    expect(polled.summary.requests).toBeGreaterThanOrEqual(STEPS + 2);
    expect(polled.summary.text).toBe('All ten steps are done.');
    expect(polled.events.some((event) => event.type === 'cell_wait')).toBe(false);
    expect(pushed.summary.tokens).toBeLessThan(polled.summary.tokens / 2);
    // Only in push mode does the `wait` declaration tell the model it may end its turn.
    expect(JSON.stringify(pushed.requests[0])).toContain('You need not wait');
    expect(JSON.stringify(polled.requests[0])).not.toContain('You need not wait');
    expect(pushed.events.at(-1)).toEqual({ type: 'final', text: 'All ten steps are done.', turns: 3, tokens: pushed.summary.tokens });
  });

  it('push: a model that only waits, and whose wait saw nothing new, is not sampled again until the cell has news', async () => {
    const pushed = await runJob('push', () => pushedModel('wait'));
    expect(pushed.summary.requests).toBe(3);
    expect(pushed.events.filter((event) => event.type === 'cell_wait')).toEqual([{ type: 'cell_wait', turn: 2, cellIds: ['1'] }]);
    const messages = pushed.requests.at(-1)!.messages;
    expect(messages.at(-2)).toMatchObject({ role: 'tool', tool_call_id: 'look', content: expect.stringContaining('Script running, cell 1') });
    expect(messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringContaining('Return value: 10') });
  });

  it('poll: a model that ends its turn while a cell runs ends the run', async () => {
    const polled = await runJob('poll', () => pushedModel('end_turn'));
    expect(polled.summary.requests).toBe(2);
    expect(polled.summary.text).toBe('The job is running; I will report when it is done.');
  });
});
