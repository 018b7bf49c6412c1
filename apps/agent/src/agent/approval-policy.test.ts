import { PassThrough } from 'node:stream';
import { MODEL_SOURCE } from '@toolcell/core';
import type { ApprovalRequest } from '@toolcell/executor';
import { describe, expect, it } from 'vitest';
import { createApprovalHandler } from './approval-policy.js';
import { createTerminalPrompts } from './terminal-prompts.js';
import type { TranscriptEvent } from './transcript-event.js';

function request(callId: string, nested = false): ApprovalRequest {
  return {
    callId,
    toolName: 'write_file',
    jsName: 'write_file',
    args: { path: 'a.md', content: 'x' },
    source: nested ? { type: 'code_mode', cellId: '1', parentCallId: 'exec_1' } : MODEL_SOURCE,
    scopeId: 'root',
    nested,
    parentCallId: nested ? 'exec_1' : undefined,
    cellId: nested ? '1' : undefined,
    hostContext: undefined,
    signal: new AbortController().signal,
  };
}

describe('approval policy', () => {
  it('all approves, none denies, per-tool entries win, and each decision is reported', async () => {
    const events: TranscriptEvent[] = [];
    const handler = createApprovalHandler({ policy: 'all', perTool: { read_file: 'none' }, prompt: undefined, transcript: (event) => events.push(event) });
    expect(await handler.ask(request('a'))).toEqual({ type: 'approve' });
    expect(await handler.ask({ ...request('b'), toolName: 'read_file' })).toEqual({ type: 'deny', reason: 'approvals are set to none, so read_file may not run' });
    expect(events).toEqual([
      { type: 'approval', callId: 'a', name: 'write_file', nested: false, decision: 'approved', reason: 'approve: all' },
      { type: 'approval', callId: 'b', name: 'read_file', nested: false, decision: 'denied', reason: 'approvals are set to none, so read_file may not run' },
    ]);
  });

  it('ask prompts one call at a time in arrival order', async () => {
    const asked: string[] = [];
    let release: (() => void) | undefined;
    const handler = createApprovalHandler({
      policy: 'ask',
      perTool: {},
      transcript: () => undefined,
      prompt: async (call) => {
        asked.push(`start ${call.callId}`);
        if (call.callId === 'first') await new Promise<void>((resolve) => (release = resolve));
        asked.push(`end ${call.callId}`);
        return call.callId === 'first';
      },
    });
    const first = handler.ask(request('first'));
    const second = handler.ask(request('second', true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual(['start first']);
    release?.();
    expect(await first).toEqual({ type: 'approve' });
    expect(await second).toEqual({ type: 'deny', reason: 'the person declined at the terminal' });
    expect(asked).toEqual(['start first', 'end first', 'start second', 'end second']);
  });

  it('with a durable store and nobody to ask, defers calls from programs and still denies the model\'s own', async () => {
    const events: TranscriptEvent[] = [];
    const handler = createApprovalHandler({ policy: 'ask', perTool: { read_file: 'all' }, prompt: undefined, deferWithoutPrompt: true, transcript: (event) => events.push(event) });
    expect(await handler.ask(request('nested', true))).toEqual({ type: 'defer' });
    expect(await handler.ask(request('direct'))).toEqual({ type: 'deny', reason: 'write_file needs approval and there is no terminal to ask on; rerun with --approve all to allow it' });
    expect(await handler.ask({ ...request('read', true), toolName: 'read_file' })).toEqual({ type: 'approve' });
    expect(events[0]).toEqual({
      type: 'approval',
      callId: 'nested',
      name: 'write_file',
      nested: true,
      decision: 'deferred',
      reason: 'nobody can be asked now: the program waits in the store for a decision (toolcell approvals)',
    });
  });
});

describe('terminal prompts', () => {
  function terminal(answers: string) {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    output.setEncoding('utf8').on('data', (chunk: string) => (shown += chunk));
    input.end(answers);
    return { prompts: createTerminalPrompts({ input, output }), shown: () => shown };
  }

  it('asks for approval naming the tool, the exec call and the arguments; y approves', async () => {
    const yes = terminal('y\n');
    expect(await yes.prompts.approve(request('c', true))).toBe(true);
    expect(yes.shown()).toBe('\nAllow write_file (from the program of exec call exec_1) with\n  path: "a.md"\n  content: "x"\n? [y/N] ');
    const no = terminal('\n');
    expect(await no.prompts.approve(request('d'))).toBe(false);
  });

  it('never hides an argument: a long content cannot push the path out of the prompt', async () => {
    const session = terminal('n\n');
    const long = { ...request('e'), args: { content: 'x'.repeat(10_000), path: '/home/me/.ssh/authorized_keys' } };
    expect(await session.prompts.approve(long)).toBe(false);
    expect(session.shown()).toContain('\n  path: "/home/me/.ssh/authorized_keys"\n');
    expect(session.shown()).toContain('(10002 characters)');
    expect(session.shown().length).toBeLessThan(400);
  });

  it('puts questions to the person with the suggested answers', async () => {
    const session = terminal('blue\n');
    expect(await session.prompts.ask({ question: 'Which color?', options: ['red', 'blue'] }, new AbortController().signal)).toBe('blue');
    expect(session.shown()).toBe('\nThe agent asks: Which color? [red / blue]\n> ');
  });
});
