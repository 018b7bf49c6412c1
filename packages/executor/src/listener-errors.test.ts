// A listener (or finalizer) that throws never breaks a call or the process: its error goes
// to `onListenerError` (default: printed), and the call ends as if the listener had returned.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListenerErrorContext } from './call-events.js';
import { setup } from './test-support/fixtures.js';

describe('throwing listeners', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('report a throwing call-end listener to onListenerError, and dispatch still resolves', async () => {
    const reported: Array<[unknown, ListenerErrorContext]> = [];
    const { registry, runtime } = setup('code_mode', { runtime: { onListenerError: (error, context) => reported.push([error, context]) } });
    const queue = vi.spyOn(globalThis, 'queueMicrotask');
    runtime.events.on('call-end', () => {
      throw new Error('telemetry bug');
    });
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome.status).toBe('ok');
    expect(reported).toEqual([[new Error('telemetry bug'), { event: 'call-end', callId: 'c1' }]]);
    // Nothing is rethrown later (it used to be, from a microtask, which ended the process).
    expect(queue).not.toHaveBeenCalled();
  });

  it('report a throwing call-start listener and still run the call', async () => {
    const reported: ListenerErrorContext[] = [];
    const { registry, runtime, readFile } = setup('code_mode', { runtime: { onListenerError: (_error, context) => reported.push(context) } });
    runtime.events.on('call-start', () => {
      throw new Error('broken');
    });
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome.status).toBe('ok');
    expect(readFile.runs).toBe(1);
    expect(reported).toEqual([{ event: 'call-start', callId: 'c1' }]);
  });

  it('print a listener error with console.error when no onListenerError is given', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { registry, runtime } = setup('code_mode');
    runtime.events.on('call-resolve', () => {
      throw new Error('broken');
    });
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome.status).toBe('ok');
    expect(printed).toHaveBeenCalledTimes(1);
    expect(String(printed.mock.calls[0]?.[0])).toContain('"call-resolve" listener threw (call c1)');
  });

  it('survive an onListenerError that throws itself', async () => {
    const { registry, runtime } = setup('code_mode', {
      runtime: {
        onListenerError: () => {
          throw new Error('reporter bug');
        },
      },
    });
    runtime.events.on('call-end', () => {
      throw new Error('listener bug');
    });
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome.status).toBe('ok');
  });

  it('report a throwing finalize as a finalize error', async () => {
    const reported: ListenerErrorContext[] = [];
    const { registry, runtime } = setup('direct', { runtime: { onListenerError: (_error, context) => reported.push(context) } });
    registry.register({
      kind: 'function',
      name: 'noop',
      description: 'n',
      inputSchema: { type: 'object' },
      readOnly: true,
      execute: () => ({ result: { projection: 'typed', value: null }, wire: { projection: 'wire', content: [] } }),
      finalize: () => {
        throw new Error('finalizer bug');
      },
    });
    const outcome = await runtime.dispatch({ name: 'noop', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome.status).toBe('ok');
    expect(reported).toEqual([{ event: 'finalize', callId: 'c1' }]);
  });
});
