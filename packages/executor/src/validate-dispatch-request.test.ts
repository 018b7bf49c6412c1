// `dispatch` never rejects, also for requests from plain JavaScript: a request of the wrong
// shape ends as one INVALID_ARGS outcome naming the field, before any event or tool.
import { describe, expect, it } from 'vitest';
import type { DispatchRequest } from './dispatch-request.js';
import { setup } from './test-support/fixtures.js';

describe('dispatch request validation', () => {
  const cases: Array<[string, unknown, string]> = [
    ['a scope given as its id', { name: 'read_file', args: {}, callId: 'c1', scope: 'root' }, 'scope must be a Scope of the registry (registry.root or registry.scope(id)), got the string "root".'],
    ['no request at all', null, 'expected a request object, got null.'],
    ['a parsed freeform call (input, no args)', { name: 'exec', input: 'return 1', callId: 'c1', scope: 'SCOPE' }, 'args is missing (a parsed freeform call carries `input`: use toDispatchRequest).'],
    ['a numeric call id', { name: 'read_file', args: {}, callId: 7, scope: 'SCOPE' }, 'callId must be a string, got number.'],
    ['a missing name', { args: {}, callId: 'c1', scope: 'SCOPE' }, 'name must be a string, got undefined.'],
    ['a signal that is not an AbortSignal', { name: 'read_file', args: {}, callId: 'c1', scope: 'SCOPE', signal: 'stop' }, 'signal must be an AbortSignal, got the string "stop".'],
    ['a parent without a cell id', { name: 'read_file', args: {}, callId: 'c1', scope: 'SCOPE', parent: { callId: 'p' } }, 'parent must be { callId, cellId }, got object.'],
    ['a source given as a string', { name: 'read_file', args: {}, callId: 'c1', scope: 'SCOPE', source: 'model' }, "source must be { type: 'model' } or a provider_code source, got the string \"model\"."],
  ];

  it.each(cases)('end %s as INVALID_ARGS without reaching the tool or the events', async (_title, raw, problem) => {
    const { registry, runtime, readFile, policy } = setup('code_mode');
    const events: string[] = [];
    runtime.events.on('call-start', (event) => events.push(event.callId));
    const request = raw !== null && typeof raw === 'object' && (raw as Record<string, unknown>)['scope'] === 'SCOPE' ? { ...raw, scope: registry.root } : raw;
    const outcome = await runtime.dispatch(request as DispatchRequest);
    expect(outcome).toMatchObject({ status: 'error', code: 'INVALID_ARGS', message: `Invalid dispatch request: ${problem}` });
    expect(readFile.runs).toBe(0);
    expect(events).toEqual([]);
    expect(policy.observationsOf('c1')).toBe(0);
  });

  it('keep the call id and name of a malformed request in its outcome', async () => {
    const { runtime } = setup('code_mode');
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c9', scope: 'root' } as unknown as DispatchRequest);
    expect(outcome).toMatchObject({ callId: 'c9', toolName: 'read_file' });
  });

  it('resolve, not reject, in a batch with a malformed request, and run the others', async () => {
    const { registry, runtime } = setup('code_mode');
    const [bad, good] = runtime.dispatchBatch([
      { name: 'read_file', args: {}, callId: 'c1', scope: 'root' } as unknown as DispatchRequest,
      { name: 'read_file', args: {}, callId: 'c2', scope: registry.root, parent: { callId: 'x', cellId: '1' } },
    ]);
    await expect(bad).resolves.toMatchObject({ code: 'INVALID_ARGS' });
    await expect(good).resolves.toMatchObject({ status: 'ok' });
  });
});
