// Cancelling a call ends it at once; cancelling a parent ends every call nested under it,
// running or queued, and refuses nested calls that arrive afterwards.
import type { CallOutcome, ToolContext, ToolOutput } from '@toolcell/core';
import { textOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it, vi } from 'vitest';
import type { DispatchRequest } from './dispatch-request.js';
import { nestedCallId } from './nested-call-id.js';
import { RecordingPolicy } from './test/recording-policy.js';
import { countingTool, deferred, settle, stubExec } from './test-support/fixtures.js';
import { Gates } from './test-support/gated-tools.js';
import './test-support/loaded-validators.js';
import { ToolRuntime } from './tool-runtime.js';

const EXEC_ID = 'call_exec';

/** A code_mode registry whose exec runs `program` with a helper to issue nested calls. */
function withProgram(program: (nested: (name: string, sequence: number) => Promise<CallOutcome>, context: ToolContext) => Promise<ToolOutput>, execTimeoutMs?: number) {
  const gates = new Gates();
  const registry = new ToolRegistry({ mode: 'code_mode' });
  registry.register(gates.tool('read', { readOnly: true }));
  registry.register(gates.tool('write'));
  const runtime = new ToolRuntime({ registry });
  const exec = stubExec((_source, context) => {
    const nested = (name: string, sequence: number) =>
      runtime.dispatch({ name, args: {}, callId: nestedCallId(context.callId, sequence), scope: registry.root, parent: { callId: context.callId, cellId: 'cell_1' } });
    return program(nested, context);
  });
  registry.register(execTimeoutMs === undefined ? exec : { ...exec, timeoutMs: execTimeoutMs });
  const request = (extra: Partial<DispatchRequest> = {}): DispatchRequest => ({ name: 'exec', args: 'program', callId: EXEC_ID, scope: registry.root, ...extra });
  return { gates, registry, runtime, request };
}

describe('cancelling a parent call', () => {
  it('through runtime.cancel ends its running and queued nested calls', async () => {
    const nestedOutcomes: Promise<CallOutcome>[] = [];
    const { gates, runtime, request } = withProgram(async (nested, context) => {
      nestedOutcomes.push(nested('write', 1), nested('write', 2));
      await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
      return textOutput('stopped');
    });
    const exec = runtime.dispatch(request());
    await settle();
    expect(gates.running).toEqual([`${EXEC_ID}:code:1`]);
    expect(runtime.cancel(EXEC_ID, 'user pressed stop')).toBe(true);
    await expect(exec).resolves.toMatchObject({ code: 'ABORTED', message: 'The call was cancelled (user pressed stop) while "exec" was running; it may have partly completed.' });
    await expect(nestedOutcomes[0]).resolves.toMatchObject({
      code: 'ABORTED',
      message: 'The call was cancelled because its parent call "call_exec" was cancelled while "write" was running; it may have partly completed.',
    });
    await expect(nestedOutcomes[1]).resolves.toMatchObject({
      code: 'ABORTED',
      message: 'The call was cancelled because its parent call "call_exec" was cancelled while it waited for its turn; it did not run.',
    });
    await settle();
    expect(gates.started(`${EXEC_ID}:code:2`)).toBe(false);
  });

  it("through the parent's own signal does the same", async () => {
    const nestedOutcomes: Promise<CallOutcome>[] = [];
    const started = deferred();
    const { runtime, request } = withProgram(async (nested) => {
      nestedOutcomes.push(nested('read', 1));
      started.resolve();
      return new Promise(() => undefined);
    });
    const controller = new AbortController();
    const exec = runtime.dispatch(request({ signal: controller.signal }));
    await started.promise;
    controller.abort();
    await expect(exec).resolves.toMatchObject({ code: 'ABORTED' });
    await expect(nestedOutcomes[0]).resolves.toMatchObject({ code: 'ABORTED', message: expect.stringContaining('its parent call "call_exec" was cancelled') });
  });

  it('when the parent times out', async () => {
    const nestedOutcomes: Promise<CallOutcome>[] = [];
    const { runtime, request } = withProgram(async (nested) => {
      nestedOutcomes.push(nested('read', 1));
      return new Promise(() => undefined);
    }, 20);
    await expect(runtime.dispatch(request())).resolves.toMatchObject({ code: 'TIMEOUT' });
    await expect(nestedOutcomes[0]).resolves.toMatchObject({ code: 'ABORTED', message: expect.stringContaining('its parent call "call_exec" was cancelled') });
  });

  it('refuses nested calls that arrive after the cancellation, before they run', async () => {
    const late = deferred<CallOutcome>();
    const { gates, runtime, request } = withProgram(async (nested, context) => {
      // The program keeps going after its exec call was cancelled, racing the cancellation.
      context.signal.addEventListener('abort', () => void nested('write', 7).then(late.resolve));
      return new Promise(() => undefined);
    });
    const exec = runtime.dispatch(request());
    await settle();
    runtime.cancel(EXEC_ID);
    await exec;
    await expect(late.promise).resolves.toMatchObject({ code: 'ABORTED_BEFORE_DISPATCH' });
    expect(gates.started(`${EXEC_ID}:code:7`)).toBe(false);
  });

  it('ends the running one of nested calls made one after another, and the lane runs later calls once the parent ended', async () => {
    const nestedOutcomes: Promise<CallOutcome>[] = [];
    const done = deferred();
    const { gates, runtime, request } = withProgram(async (nested, context) => {
      // One at a time: each call ends before the next one starts, so the lane idles between them.
      for (let sequence = 1; sequence <= 3 && !context.signal.aborted; sequence += 1) {
        const outcome = nested('write', sequence);
        nestedOutcomes.push(outcome);
        await outcome;
      }
      done.resolve();
      return new Promise(() => undefined);
    });
    const exec = runtime.dispatch(request());
    await settle();
    gates.release(`${EXEC_ID}:code:1`);
    await settle();
    expect(gates.running).toEqual([`${EXEC_ID}:code:2`]);
    runtime.cancel(EXEC_ID);
    await expect(exec).resolves.toMatchObject({ code: 'ABORTED' });
    await done.promise;
    expect(await Promise.all(nestedOutcomes)).toMatchObject([{ status: 'ok' }, { code: 'ABORTED' }]);
    // A later call under another parent id that has ended (or never ran) still runs.
    const late = runtime.dispatch({ name: 'write', args: {}, callId: 'late:code:1', scope: request().scope, parent: { callId: 'late', cellId: 'cell_2' } });
    await settle();
    gates.release('late:code:1');
    await expect(late).resolves.toMatchObject({ status: 'ok' });
  });

  it('reaches calls still running under it after it ended (a program that outlived its exec call)', async () => {
    const nestedOutcomes: Promise<CallOutcome>[] = [];
    const { gates, runtime, request } = withProgram(async (nested) => {
      nestedOutcomes.push(nested('write', 1));
      return textOutput('yielded');
    });
    await expect(runtime.dispatch(request())).resolves.toMatchObject({ status: 'ok' });
    await settle();
    expect(gates.running).toEqual([`${EXEC_ID}:code:1`]);
    expect(runtime.cancel(EXEC_ID)).toBe(true);
    await expect(nestedOutcomes[0]).resolves.toMatchObject({ code: 'ABORTED' });
    expect(runtime.cancel('never_seen')).toBe(false);
  });
});

describe('cancelling a queued call', () => {
  it('ends it without running it and keeps the lane moving', async () => {
    const gates = new Gates();
    const registry = new ToolRegistry();
    registry.register(gates.tool('write'));
    const runtime = new ToolRuntime({ registry });
    const controller = new AbortController();
    const [first, second, third] = runtime.dispatchBatch([
      { name: 'write', args: {}, callId: 'w1', scope: registry.root },
      { name: 'write', args: {}, callId: 'w2', scope: registry.root, signal: controller.signal },
      { name: 'write', args: {}, callId: 'w3', scope: registry.root },
    ]);
    await settle();
    controller.abort();
    await expect(second).resolves.toMatchObject({ code: 'ABORTED', message: 'The call was cancelled by its caller while it waited for its turn; it did not run.' });
    runtime.cancel('w1');
    await expect(first).resolves.toMatchObject({ code: 'ABORTED' });
    await settle();
    // w1 ignores its signal and is still inside its body; the lane does not wait for it.
    expect(gates.running).toEqual(['w1', 'w3']);
    gates.release('w3');
    await expect(third).resolves.toMatchObject({ status: 'ok' });
    expect(gates.started('w2')).toBe(false);
  });
});

describe('cancelling while approval is pending', () => {
  it('ends the call, dismisses the prompt and never runs the tool', async () => {
    const asked = deferred<AbortSignal>();
    const policy = new RecordingPolicy({
      approve: (approval) => {
        asked.resolve(approval.signal);
        return new Promise(() => undefined);
      },
    });
    const registry = new ToolRegistry();
    const tool = countingTool('deploy', { needsApproval: true });
    registry.register(tool);
    const runtime = new ToolRuntime({ registry, approval: policy.approval });
    const controller = new AbortController();
    const outcome = runtime.dispatch({ name: 'deploy', args: {}, callId: 'c1', scope: registry.root, signal: controller.signal });
    const promptSignal = await asked.promise;
    controller.abort();
    await expect(outcome).resolves.toMatchObject({ code: 'ABORTED', message: 'The call was cancelled by its caller before "deploy" started; it did not run.' });
    expect(promptSignal.aborted).toBe(true);
    expect(tool.runs).toBe(0);
  });
});

describe('finalize', () => {
  it('runs once per call that resolved to the tool, with how it ended', async () => {
    const finalize = vi.fn();
    const registry = new ToolRegistry();
    const tool = countingTool('noop', { finalize, inputSchema: { type: 'object', properties: { n: { type: 'number' } } } });
    registry.register(tool);
    const runtime = new ToolRuntime({ registry });
    await runtime.dispatch({ name: 'noop', args: {}, callId: 'ok', scope: registry.root });
    await runtime.dispatch({ name: 'noop', args: { n: 'x' }, callId: 'bad', scope: registry.root });
    expect(finalize.mock.calls).toEqual([[{ callId: 'ok', status: 'ok' }], [{ callId: 'bad', status: 'error', code: 'INVALID_ARGS' }]]);
  });
});
