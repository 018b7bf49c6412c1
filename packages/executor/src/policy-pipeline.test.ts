// What the extensible stages see and may change: canonical name and call source,
// argument rewrites (validated again), output rewrites, model context, approval details.
import { textOutput, toolOutput, wireText } from '@toolcell/core';
import { Ajv } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { RecordingPolicy } from './test/recording-policy.js';
import { countingTool, setup } from './test-support/fixtures.js';

const PARENT = { callId: 'call_exec', cellId: 'cell_9' };

describe('listeners see the canonical name and the call source', () => {
  it('model, code_mode (cell and parent call) and provider code', async () => {
    const { registry, runtime, policy } = setup('code_mode');
    await Promise.all(
      runtime.dispatchBatch([
        { name: 'read_file', args: { path: 'a' }, callId: 'm1', scope: registry.root },
        { name: 'read_file', args: { path: 'a' }, callId: 'n1', scope: registry.root, parent: PARENT },
        { name: 'read_file', args: { path: 'a' }, callId: 'p1', scope: registry.root, source: { type: 'provider_code', provider: 'anthropic', callerId: 'srvtoolu_1' } },
      ]),
    );
    expect(policy.preExecuteCalls).toEqual([
      { callId: 'm1', toolName: 'read_file', jsName: 'read_file', args: { path: 'a' }, source: { type: 'model' }, scopeId: 'root', nested: false },
      { callId: 'n1', toolName: 'read_file', jsName: 'read_file', args: { path: 'a' }, source: { type: 'code_mode', cellId: 'cell_9', parentCallId: 'call_exec' }, scopeId: 'root', nested: true },
      { callId: 'p1', toolName: 'read_file', jsName: 'read_file', args: { path: 'a' }, source: { type: 'provider_code', provider: 'anthropic', callerId: 'srvtoolu_1' }, scopeId: 'root', nested: false },
    ]);
    expect(policy.guardCalls.map((call) => call.source.type)).toEqual(['model', 'code_mode', 'provider_code']);
  });

  it('provider-run code is a model-direct call: collapsed in code_mode_only', async () => {
    const { registry, runtime, policy } = setup('code_mode_only');
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'p1', scope: registry.root, source: { type: 'provider_code', provider: 'openai-responses', callerId: 'ci_1' } });
    expect(outcome).toMatchObject({ code: 'UNKNOWN_TOOL', message: expect.stringContaining('tools.read_file(') });
    expect(policy.total).toBe(0);
  });
});

describe('pre-execute listeners', () => {
  it('rewrite the arguments the guards see and the tool gets', async () => {
    const { registry, runtime, policy, readFile } = setup('code_mode', {
      policy: { preExecute: (call) => ({ type: 'rewrite', args: { path: `/sandbox/${(call.args as { path: string }).path}` } }) },
    });
    const outcome = await runtime.dispatch({ name: 'read_file', args: { path: 'a.txt' }, callId: 'c1', scope: registry.root });
    expect(outcome.output.result.value).toEqual({ tool: 'read_file', input: { path: '/sandbox/a.txt' } });
    expect(policy.guardCalls[0]?.args).toEqual({ path: '/sandbox/a.txt' });
    expect(readFile.runs).toBe(1);
  });

  it('rewrites are validated again', async () => {
    const { registry, runtime, readFile } = setup('code_mode', { policy: { preExecute: () => ({ type: 'rewrite', args: { path: 42 } }) } });
    const outcome = await runtime.dispatch({ name: 'read_file', args: { path: 'a.txt' }, callId: 'c1', scope: registry.root });
    expect(outcome).toMatchObject({
      code: 'INVALID_ARGS',
      message: 'A pre-execute hook rewrote the arguments into invalid ones. Invalid arguments for "read_file": at $.path: must be string. Fix them to match the input schema and call again.',
    });
    expect(readFile.runs).toBe(0);
  });

  it('may be async, run in order, and can be removed', async () => {
    const { registry, runtime, readFile } = setup('code_mode');
    const order: string[] = [];
    const removeFirst = runtime.onPreExecute(async () => {
      order.push('first');
    });
    runtime.onPreExecute(() => {
      order.push('second');
    });
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    removeFirst();
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c2', scope: registry.root });
    expect(order).toEqual(['first', 'second', 'second']);
    expect(readFile.runs).toBe(2);
  });
});

describe('post-execute listeners', () => {
  it('rewrite the output and add model context, in order', async () => {
    const { registry, runtime, policy } = setup('code_mode');
    runtime.onPostExecute((call) => ({ output: toolOutput({ result: { wrapped: call.output.result.value }, wire: 'rewritten' }), modelContext: 'note one' }));
    runtime.onPostExecute(async (call) => ({ modelContext: `saw ${wireText(call.output.wire)}` }));
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome).toMatchObject({ status: 'ok', modelContext: ['note one', 'saw rewritten'] });
    expect(wireText(outcome.output.wire)).toBe('rewritten');
    expect(outcome.output.result.value).toEqual({ wrapped: { tool: 'read_file', input: {} } });
    expect(policy.postExecuteCalls).toHaveLength(1);
  });

  it('are skipped, with pre-execute listeners, for tools that opt out (control-plane observers)', async () => {
    const { registry, runtime, policy } = setup('code_mode');
    registry.register(countingTool('observe_cell', { runsHooks: false }));
    const outcome = await runtime.dispatch({ name: 'observe_cell', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome.status).toBe('ok');
    expect(policy.preExecuteCalls).toHaveLength(0);
    expect(policy.postExecuteCalls).toHaveLength(0);
    // Guards still apply: opting out of hooks is not opting out of policy.
    expect(policy.guardCalls.map((call) => call.toolName)).toEqual(['observe_cell']);
  });

  it('leave modelContext off when nobody adds any', async () => {
    const { registry, runtime } = setup('code_mode');
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome).not.toHaveProperty('modelContext');
  });
});

describe('approval', () => {
  it('is told that a call is nested and which exec call and cell it came from', async () => {
    const { registry, runtime, policy } = setup('code_mode');
    registry.register(countingTool('deploy', { needsApproval: true }));
    await runtime.dispatch({ name: 'deploy', args: {}, callId: 'call_exec:code:1', scope: registry.root, parent: PARENT });
    await runtime.dispatch({ name: 'deploy', args: {}, callId: 'c2', scope: registry.root });
    expect(policy.approvalRequests.map(({ signal, ...request }) => ({ ...request, signal: signal instanceof AbortSignal }))).toEqual([
      { callId: 'call_exec:code:1', toolName: 'deploy', jsName: 'deploy', args: {}, source: { type: 'code_mode', cellId: 'cell_9', parentCallId: 'call_exec' }, scopeId: 'root', nested: true, parentCallId: 'call_exec', cellId: 'cell_9', signal: true },
      { callId: 'c2', toolName: 'deploy', jsName: 'deploy', args: {}, source: { type: 'model' }, scopeId: 'root', nested: false, parentCallId: undefined, cellId: undefined, signal: true },
    ]);
  });

  it('is not asked for tools that do not need it', async () => {
    const { registry, runtime, policy } = setup('code_mode');
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(policy.approvalRequests).toEqual([]);
  });
});

describe('validation', () => {
  it('compiles each input schema once and reuses it, keyed by the tool definition', async () => {
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    try {
      const { registry, runtime } = setup('direct');
      for (const callId of ['c1', 'c2', 'c3']) await runtime.dispatch({ name: 'read_file', args: { path: callId }, callId, scope: registry.root });
      expect(compile).toHaveBeenCalledTimes(1);
      // A new definition object (same name) is compiled anew.
      registry.unregister('read_file');
      registry.register(countingTool('read_file'));
      await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c4', scope: registry.root });
      expect(compile).toHaveBeenCalledTimes(2);
    } finally {
      compile.mockRestore();
    }
  });

  it('understands 2020-12 schemas and tolerates other dialect URIs', async () => {
    const { registry, runtime } = setup('direct');
    registry.register(countingTool('pair', { inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }] } } } }));
    registry.register(countingTool('legacy', { inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object', properties: { n: { type: 'number' } } } }));
    const [pair, legacy] = await Promise.all(
      runtime.dispatchBatch([
        { name: 'pair', args: { pair: ['a', 'b'] }, callId: 'c1', scope: registry.root },
        { name: 'legacy', args: { n: 'x' }, callId: 'c2', scope: registry.root },
      ]),
    );
    expect(pair).toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('at $.pair[1]: must be number') });
    expect(legacy).toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('at $.n: must be number') });
  });
});

describe('the tool context', () => {
  it('carries the call id, canonical name, source and scope', async () => {
    const { registry, runtime } = setup('code_mode');
    let seen: unknown;
    registry.register(countingTool('probe', { execute: (_input, context) => ((seen = { ...context, signal: context.signal.aborted }), textOutput('')) }));
    await runtime.dispatch({ name: 'probe', args: {}, callId: 'call_exec:code:3', scope: registry.root, parent: PARENT });
    expect(seen).toEqual({ callId: 'call_exec:code:3', toolName: 'probe', source: { type: 'code_mode', cellId: 'cell_9', parentCallId: 'call_exec' }, scopeId: 'root', signal: false });
  });
});

describe('RecordingPolicy', () => {
  it('counts what it saw per call and can be detached', async () => {
    const { registry, runtime } = setup('code_mode');
    const policy = new RecordingPolicy();
    const detach = policy.attach(runtime);
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(policy.observationsOf('c1')).toBe(3);
    detach();
    await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c2', scope: registry.root });
    expect(policy.observationsOf('c2')).toBe(0);
    expect(policy.total).toBe(3);
  });
});
