// A deferred approval parks its call: no slot held, decided later (approve runs the rest of
// the pipeline, never the pre-execute hooks again; deny ends it DENIED), or decided in another
// process and handed in with the request's `decision`.
import type { CallOutcome } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it, vi } from 'vitest';
import type { DeferredCall } from './dispatch-request.js';
import type { CallStageEvent } from './runtime-events.js';
import { ToolRuntime } from './tool-runtime.js';
import { countingTool, settle, stubExec } from './test-support/fixtures.js';

const PARENT = { callId: 'exec_1', cellId: 'cell_1' };

function deferring(options: { guard?: () => { type: 'deny'; reason: string } | undefined; asyncHandler?: boolean; approvalTimeoutMs?: number } = {}) {
  const registry = new ToolRegistry({ mode: 'code_mode' });
  const send = countingTool('send_email', { needsApproval: true });
  const write = countingTool('write_file');
  const read = countingTool('read_file', { readOnly: true });
  for (const tool of [send, write, read, stubExec()]) registry.register(tool);
  const asked: string[] = [];
  const runtime = new ToolRuntime({
    registry,
    approvalTimeoutMs: options.approvalTimeoutMs,
    approval: {
      ask: (request) => {
        asked.push(request.callId);
        return options.asyncHandler === true ? Promise.resolve({ type: 'defer' as const }) : { type: 'defer' as const };
      },
    },
  });
  const preExecuted: string[] = [];
  const guarded: string[] = [];
  runtime.onPreExecute((call) => {
    preExecuted.push(call.callId);
    return call.toolName === 'send_email' ? { type: 'rewrite', args: { path: `rewritten:${String((call.args as { path: string }).path)}` } } : undefined;
  });
  runtime.addGuard((call) => {
    guarded.push(call.callId);
    return options.guard?.();
  });
  const stages: CallStageEvent[] = [];
  runtime.events.on('call-stage', (event) => stages.push(event));
  const deferredCalls: DeferredCall[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const onDeferred = (call: DeferredCall): void => {
    deferredCalls.push(call);
    for (const waiter of waiting) if (deferredCalls.length >= waiter.count) waiter.resolve();
  };
  /** Settles once `count` calls have been parked (the first schema compilation is asynchronous). */
  const parked = (count = 1): Promise<void> =>
    deferredCalls.length >= count ? Promise.resolve() : new Promise((resolve) => waiting.push({ count, resolve }));
  const dispatch = (callId: string, name = 'send_email', args: unknown = { path: 'a' }): Promise<CallOutcome> =>
    runtime.dispatch({ name, args, callId, scope: registry.root, parent: PARENT, onDeferred });
  return { registry, runtime, send, write, read, asked, preExecuted, guarded, stages, deferredCalls, dispatch, parked };
}

describe('a deferred approval parks the call', () => {
  it('emits its stage, tells the request, and waits without running', async () => {
    const { send, stages, deferredCalls, dispatch, parked } = deferring();
    let ended = false;
    void dispatch('c1').then(() => (ended = true));
    await parked();
    await settle();
    expect(stages.filter((event) => event.stage === 'approval').map((event) => event.result)).toEqual(['defer']);
    expect(deferredCalls).toEqual([{ callId: 'c1', toolName: 'send_email', args: { path: 'rewritten:a' } }]);
    expect(ended).toBe(false);
    expect(send.runs).toBe(0);
  });

  it('holds no slot: an exclusive call behind it in the same lane runs meanwhile', async () => {
    const { write, dispatch } = deferring();
    void dispatch('c1');
    const outcome = await dispatch('c2', 'write_file');
    expect(outcome.status).toBe('ok');
    expect(write.runs).toBe(1);
  });

  it('all calls of a batch can be parked at once (every approval of a Promise.all is pending together)', async () => {
    const { asked, deferredCalls, dispatch, parked } = deferring();
    void Promise.all([dispatch('c1'), dispatch('c2'), dispatch('c3')]);
    await parked(3);
    expect(asked).toEqual(['c1', 'c2', 'c3']);
    expect(deferredCalls.map((call) => call.callId)).toEqual(['c1', 'c2', 'c3']);
  });

  it('approve runs guards, execute and the rest, never the pre-execute hooks again', async () => {
    const { runtime, send, preExecuted, guarded, dispatch, parked } = deferring({ asyncHandler: true });
    const pending = dispatch('c1');
    await parked();
    expect(preExecuted).toEqual(['c1']);
    expect(guarded).toEqual(['c1']);
    expect(runtime.decide('c1', { type: 'approve' })).toBe(true);
    const outcome = await pending;
    expect(outcome.status).toBe('ok');
    expect(outcome.output.result.value).toEqual({ tool: 'send_email', input: { path: 'rewritten:a' } });
    expect(send.runs).toBe(1);
    expect(preExecuted).toEqual(['c1']);
  });

  it('an approved call waits for its slot again behind a running exclusive call', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode' });
    registry.register(stubExec());
    let release!: () => void;
    let started!: () => void;
    const writeStarted = new Promise<void>((resolve) => (started = resolve));
    const order: string[] = [];
    registry.register(countingTool('send_email', { needsApproval: true, execute: () => (order.push('send'), { result: { type: 'json', value: null }, wire: { content: [] } }) as never }));
    registry.register(
      countingTool('write_file', {
        execute: () =>
          new Promise((resolve) => {
            order.push('write started');
            started();
            release = () => {
              order.push('write ended');
              resolve({ result: { type: 'json', value: null }, wire: { content: [] } } as never);
            };
          }),
      }),
    );
    const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'defer' }) } });
    let parked!: () => void;
    const wasParked = new Promise<void>((resolve) => (parked = resolve));
    const sent = runtime.dispatch({ name: 'send_email', args: {}, callId: 'c1', scope: registry.root, parent: PARENT, onDeferred: () => parked() });
    await wasParked;
    const written = runtime.dispatch({ name: 'write_file', args: {}, callId: 'c2', scope: registry.root, parent: PARENT });
    await writeStarted;
    runtime.decide('c1', { type: 'approve' });
    await settle();
    expect(order).toEqual(['write started']);
    release();
    await Promise.all([sent, written]);
    expect(order).toEqual(['write started', 'write ended', 'send']);
  });

  it('deny ends it DENIED with the reason; the tool never runs', async () => {
    const { runtime, send, dispatch, parked } = deferring();
    const denials: string[] = [];
    runtime.events.on('call-denied', (event) => denials.push(event.stage));
    const pending = dispatch('c1');
    await parked();
    expect(runtime.decide('c1', { type: 'deny', reason: 'not today' })).toBe(true);
    expect(await pending).toMatchObject({ status: 'error', code: 'DENIED', message: expect.stringContaining('was not approved: not today') });
    expect(send.runs).toBe(0);
    expect(denials).toEqual(['approval']);
  });

  it('the first decision wins; an unknown or running call cannot be decided', async () => {
    const { runtime, send, dispatch, parked } = deferring();
    const pending = dispatch('c1');
    await parked();
    expect(runtime.decide('nope', { type: 'approve' })).toBe(false);
    expect(runtime.decide('c1', { type: 'deny' })).toBe(true);
    expect(runtime.decide('c1', { type: 'approve' })).toBe(false);
    expect(await pending).toMatchObject({ code: 'DENIED' });
    expect(send.runs).toBe(0);
  });

  it('a guard still refuses an approved call', async () => {
    let denyNow = false;
    const { runtime, send, guarded, dispatch, parked } = deferring({ guard: () => (denyNow ? { type: 'deny', reason: 'locked' } : undefined) });
    const pending = dispatch('c1');
    await parked();
    denyNow = true;
    runtime.decide('c1', { type: 'approve' });
    // Guards run before the approval stage, so the parked call passed them already; an
    // approval is followed by the registry check only.
    expect(await pending).toMatchObject({ status: 'ok' });
    expect(guarded).toEqual(['c1']);
    expect(send.runs).toBe(1);
  });

  it('a tool unregistered while its call was parked is refused after approval', async () => {
    const { registry, runtime, send, dispatch, parked } = deferring();
    const pending = dispatch('c1');
    await parked();
    registry.unregister('send_email');
    runtime.decide('c1', { type: 'approve' });
    expect(await pending).toMatchObject({ status: 'error', code: 'UNKNOWN_TOOL' });
    expect(send.runs).toBe(0);
  });

  it('approvalTimeoutMs does not bound a parked call; cancelling it ends it ABORTED', async () => {
    vi.useFakeTimers();
    try {
      const { runtime, send, dispatch, parked } = deferring({ asyncHandler: true, approvalTimeoutMs: 1000 });
      const pending = dispatch('c1');
      await parked();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(runtime.cancel('c1', 'the cell was terminated')).toBe(true);
      expect(await pending).toMatchObject({ status: 'error', code: 'ABORTED', message: expect.stringContaining('while its approval was deferred; it did not run') });
      expect(runtime.decide('c1', { type: 'approve' })).toBe(false);
      expect(send.runs).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancelling the parent cancels its parked calls', async () => {
    const { runtime, dispatch, parked } = deferring();
    const pending = dispatch('c1');
    await parked();
    runtime.cancel(PARENT.callId);
    expect(await pending).toMatchObject({ code: 'ABORTED' });
  });

  it('a throwing onDeferred is reported, and the call stays parked', async () => {
    const registry = new ToolRegistry({ mode: 'code_mode' });
    registry.register(countingTool('send_email', { needsApproval: true }));
    const reported: string[] = [];
    let told!: () => void;
    const wasReported = new Promise<void>((resolve) => (told = resolve));
    const onListenerError = (_error: unknown, context: { event: string }): void => {
      reported.push(context.event);
      told();
    };
    const runtime = new ToolRuntime({ registry, approval: { ask: () => ({ type: 'defer' }) }, onListenerError });
    const pending = runtime.dispatch({
      name: 'send_email',
      args: {},
      callId: 'c1',
      scope: registry.root,
      onDeferred: () => {
        throw new Error('boom');
      },
    });
    await wasReported;
    expect(reported).toEqual(['deferred']);
    runtime.decide('c1', { type: 'approve' });
    expect(await pending).toMatchObject({ status: 'ok' });
  });
});

describe('a decision recorded earlier (another process) handed in with the request', () => {
  it('approve: the handler is not asked, pre-execute hooks do not run, guards and execute do', async () => {
    const { registry, runtime, send, asked, preExecuted, guarded, stages } = deferring();
    const outcome = await runtime.dispatch({ name: 'send_email', args: { path: 'rewritten:a' }, callId: 'c1', scope: registry.root, parent: PARENT, decision: { type: 'approve' } });
    expect(outcome.output.result.value).toEqual({ tool: 'send_email', input: { path: 'rewritten:a' } });
    expect(asked).toEqual([]);
    expect(preExecuted).toEqual([]);
    expect(guarded).toEqual(['c1']);
    expect(send.runs).toBe(1);
    expect(stages.filter((event) => event.stage === 'approval').map((event) => event.result)).toEqual(['approve']);
  });

  it('approve: a guard that now refuses still stops the call', async () => {
    const { registry, runtime, send } = deferring({ guard: () => ({ type: 'deny', reason: 'locked' }) });
    const outcome = await runtime.dispatch({ name: 'send_email', args: {}, callId: 'c1', scope: registry.root, decision: { type: 'approve' } });
    expect(outcome).toMatchObject({ code: 'DENIED', message: 'Permission denied: locked' });
    expect(send.runs).toBe(0);
  });

  it('deny: ends DENIED with the reason, nothing runs', async () => {
    const { registry, runtime, send, guarded } = deferring();
    const outcome = await runtime.dispatch({ name: 'send_email', args: {}, callId: 'c1', scope: registry.root, decision: { type: 'deny', reason: 'no' } });
    expect(outcome).toMatchObject({ code: 'DENIED', message: expect.stringContaining('was not approved: no.') });
    expect(send.runs).toBe(0);
    expect(guarded).toEqual([]);
  });

  it('approve: the arguments are still validated', async () => {
    const { registry, runtime, send } = deferring();
    const outcome = await runtime.dispatch({ name: 'send_email', args: { path: 42 }, callId: 'c1', scope: registry.root, decision: { type: 'approve' } });
    expect(outcome).toMatchObject({ code: 'INVALID_ARGS' });
    expect(send.runs).toBe(0);
  });

  it('a malformed decision or onDeferred is INVALID_ARGS naming the field', async () => {
    const { registry, runtime } = deferring();
    const bad = await runtime.dispatch({ name: 'send_email', args: {}, callId: 'c1', scope: registry.root, decision: { type: 'maybe' } as never });
    expect(bad).toMatchObject({ code: 'INVALID_ARGS', message: "Invalid dispatch request: decision must be { type: 'approve' } or { type: 'deny', reason? }, got object." });
    const callback = await runtime.dispatch({ name: 'send_email', args: {}, callId: 'c2', scope: registry.root, onDeferred: 'x' as never });
    expect(callback).toMatchObject({ code: 'INVALID_ARGS', message: 'Invalid dispatch request: onDeferred must be a function, got the string "x".' });
  });
});
