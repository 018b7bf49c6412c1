// The bridge from a provider adapter's parsed call to a dispatch request: freeform input and
// function arguments both become `args`, the id and source are kept.
import type { ToolCallRequest } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { setup } from './test-support/fixtures.js';
import { toDispatchRequest } from './to-dispatch-request.js';

describe('toDispatchRequest', () => {
  it('run a parsed function call with its arguments and source', async () => {
    const { registry, runtime } = setup('direct');
    const call: ToolCallRequest = { callId: 'call_1', name: 'read_file', args: { path: 'a.md' }, source: { type: 'model' } };
    const outcome = await runtime.dispatch(toDispatchRequest(call, { scope: registry.root }));
    expect(outcome).toMatchObject({ status: 'ok', callId: 'call_1', output: { result: { value: { tool: 'read_file', input: { path: 'a.md' } } } } });
  });

  it('carry a parsed freeform call (exec) as its string input', () => {
    const { registry } = setup('code_mode');
    const call: ToolCallRequest = { callId: 'call_2', name: 'exec', input: 'return 1', source: { type: 'model' } };
    expect(toDispatchRequest(call, { scope: registry.root })).toEqual({ name: 'exec', args: 'return 1', callId: 'call_2', scope: registry.root, source: { type: 'model' } });
  });

  it('keep a provider_code source, so the policy sees who ran the call', async () => {
    const { registry, runtime, policy } = setup('direct');
    const source = { type: 'provider_code', provider: 'anthropic', callerId: 'srvtoolu_1' } as const;
    const call: ToolCallRequest = { callId: 'call_3', name: 'read_file', args: {}, source };
    await runtime.dispatch(toDispatchRequest(call, { scope: registry.root }));
    expect(policy.preExecuteCalls.map((seen) => seen.source)).toEqual([source]);
  });

  it('pass the signal that cancels the call', async () => {
    const { registry, runtime } = setup('direct');
    const call: ToolCallRequest = { callId: 'call_4', name: 'read_file', args: {}, source: { type: 'model' } };
    const outcome = await runtime.dispatch(toDispatchRequest(call, { scope: registry.root, signal: AbortSignal.abort() }));
    expect(outcome).toMatchObject({ status: 'error', code: 'ABORTED_BEFORE_DISPATCH' });
  });

  it('end a call whose arguments could not be parsed as INVALID_ARGS', async () => {
    const { registry, runtime } = setup('direct');
    const call: ToolCallRequest = { callId: 'call_5', name: 'read_file', argumentsError: 'not JSON', source: { type: 'model' } };
    await expect(runtime.dispatch(toDispatchRequest(call, { scope: registry.root }))).resolves.toMatchObject({ code: 'INVALID_ARGS' });
  });
});
