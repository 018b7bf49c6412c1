// What an agent framework needs of the runtime: its run context carried with a call to the
// tool and to policy, a per-call approval decision, and tools that check their own input.
import type { ToolContext } from '@toolcell/core';
import { jsonOutput, ToolFailure } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, PolicyCall } from './index.js';
import { ToolRuntime } from './index.js';
import { countingTool } from './test-support/fixtures.js';

const RUN = { user: 'ada', messages: ['hello'] };

function runtimeWith(...tools: ReturnType<typeof countingTool>[]) {
  const registry = new ToolRegistry({ mode: 'direct' });
  for (const tool of tools) registry.register(tool);
  const asked: ApprovalRequest[] = [];
  const runtime = new ToolRuntime({
    registry,
    approval: {
      ask: (request) => {
        asked.push(request);
        return (request.args as { path?: string }).path === 'no' ? { type: 'deny', reason: 'said no' } : { type: 'approve' };
      },
    },
  });
  return { registry, runtime, asked };
}

describe('hostContext', () => {
  it('reaches the tool, the hooks, the guards and the approval handler', async () => {
    const seen: unknown[] = [];
    const tool = countingTool('read_file', {
      needsApproval: true,
      execute: (_input, context: ToolContext) => {
        seen.push(context.hostContext);
        return jsonOutput({});
      },
    });
    const { registry, runtime, asked } = runtimeWith(tool);
    const policy: PolicyCall[] = [];
    runtime.onPreExecute((call) => void policy.push(call));
    runtime.addGuard((call) => void policy.push(call));
    const outcome = await runtime.dispatch({ name: 'read_file', args: { path: 'a' }, callId: 'c1', scope: registry.root, hostContext: RUN });
    expect(outcome.status).toBe('ok');
    expect(seen).toEqual([RUN]);
    expect(seen[0]).toBe(RUN);
    expect(policy.map((call) => call.hostContext)).toEqual([RUN, RUN]);
    expect(asked[0]?.hostContext).toBe(RUN);
  });

  it('is undefined when the host passes none', async () => {
    const seen: unknown[] = ['unset'];
    const tool = countingTool('read_file', { execute: (_input, context) => (seen.splice(0, 1, context.hostContext), jsonOutput({})) });
    const { registry, runtime } = runtimeWith(tool);
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(seen).toEqual([undefined]);
  });
});

describe('needsApproval as a function', () => {
  it('is asked per call with the arguments and the context; the handler only when it answers true', async () => {
    const decided: Array<{ args: unknown; hostContext: unknown }> = [];
    const tool = countingTool('write_file', {
      needsApproval: (args, context) => {
        decided.push({ args, hostContext: context.hostContext });
        return (args as { path: string }).path !== 'scratch';
      },
    });
    const { registry, runtime, asked } = runtimeWith(tool);
    const scratch = await runtime.dispatch({ name: 'write_file', args: { path: 'scratch' }, callId: 'c1', scope: registry.root, hostContext: RUN });
    const refused = await runtime.dispatch({ name: 'write_file', args: { path: 'no' }, callId: 'c2', scope: registry.root });
    expect(scratch.status).toBe('ok');
    expect(refused).toMatchObject({ status: 'error', code: 'DENIED', message: expect.stringContaining('said no') });
    expect(decided).toEqual([
      { args: { path: 'scratch' }, hostContext: RUN },
      { args: { path: 'no' }, hostContext: undefined },
    ]);
    expect(asked.map((request) => request.callId)).toEqual(['c2']);
    expect(tool.runs).toBe(1);
  });

  it('may answer with a promise', async () => {
    const tool = countingTool('write_file', { needsApproval: async () => true });
    const { registry, runtime, asked } = runtimeWith(tool);
    expect(await runtime.dispatch({ name: 'write_file', args: { path: 'no' }, callId: 'c1', scope: registry.root })).toMatchObject({ code: 'DENIED' });
    expect(asked).toHaveLength(1);
    expect(tool.runs).toBe(0);
  });

  it('refuses the call when it throws, rejects or answers something else (fail closed)', async () => {
    const throwing = countingTool('a', { needsApproval: () => { throw new Error('no policy for this user'); } });
    const rejecting = countingTool('b', { needsApproval: () => Promise.reject(new Error('policy store down')) });
    const unclear = countingTool('c', { needsApproval: (() => 'yes') as never });
    const { registry, runtime, asked } = runtimeWith(throwing, rejecting, unclear);
    const outcomes = await Promise.all(['a', 'b', 'c'].map((name) => runtime.dispatch({ name, args: {}, callId: name, scope: registry.root })));
    expect(outcomes).toMatchObject([
      { code: 'DENIED', message: expect.stringContaining('could not be decided, so it was not run: no policy for this user') },
      { code: 'DENIED', message: expect.stringContaining('policy store down') },
      { code: 'DENIED', message: expect.stringContaining('answered string, not a boolean') },
    ]);
    expect(asked).toHaveLength(0);
    expect(throwing.runs + rejecting.runs + unclear.runs).toBe(0);
  });
});

describe('validatesInput', () => {
  const schema = { type: 'object', properties: { count: { type: 'number' } }, required: ['count'] } as const;

  it('leaves the arguments to the tool, which may coerce them', async () => {
    const tool = countingTool('add', {
      inputSchema: schema,
      validatesInput: true,
      execute: (input) => {
        const count = Number(input['count']);
        if (Number.isNaN(count)) throw new ToolFailure({ code: 'INVALID_ARGS', message: 'count must be a number' });
        return jsonOutput({ count });
      },
    });
    const { registry, runtime } = runtimeWith(tool);
    const coerced = await runtime.dispatch({ name: 'add', args: { count: '5' }, callId: 'c1', scope: registry.root });
    const bad = await runtime.dispatch({ name: 'add', args: { count: 'x' }, callId: 'c2', scope: registry.root });
    const notObject = await runtime.dispatch({ name: 'add', args: ['5'], callId: 'c3', scope: registry.root });
    expect(coerced).toMatchObject({ status: 'ok', output: { result: { value: { count: 5 } } } });
    expect(bad).toMatchObject({ code: 'INVALID_ARGS', message: 'count must be a number' });
    expect(notObject).toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('expected a JSON object') });
  });

  it('without it, the input schema refuses the same arguments', async () => {
    const { registry, runtime } = runtimeWith(countingTool('add', { inputSchema: schema }));
    expect(await runtime.dispatch({ name: 'add', args: { count: '5' }, callId: 'c1', scope: registry.root })).toMatchObject({ code: 'INVALID_ARGS' });
  });
});
