// Policy stages are bounded: the call's timeout covers pre-execute hooks, guards and
// post-execute hooks as well as `execute`, they see the call's cancellation, and an
// approval wait is bounded unless the host says otherwise. The clock is faked (timers and
// `performance`), so nothing races real time.
import type { CallOutcome, FunctionToolDefinition } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from './approval-handler.js';
import type { PolicyCall } from './policy-call.js';
import type { CallStageEvent } from './runtime-events.js';
import { countingTool, deferred, stubExec } from './test-support/fixtures.js';
import './test-support/loaded-validators.js';
import { settledAfter } from './test-support/settled-after.js';
import type { ToolRuntimeOptions } from './tool-runtime.js';
import { DEFAULT_APPROVAL_TIMEOUT_MS, ToolRuntime } from './tool-runtime.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const never = <Value>(): Promise<Value> => new Promise<Value>(() => undefined);

/** A code_mode runtime holding `tool`; `dispatch` makes a call nested under an `exec` call, as a program would. */
function runtimeWith(tool: FunctionToolDefinition, options: Omit<ToolRuntimeOptions, 'registry'> = {}) {
  const registry = new ToolRegistry({ mode: 'code_mode' });
  registry.register(tool);
  registry.register(stubExec());
  const runtime = new ToolRuntime({ registry, ...options });
  const stages: CallStageEvent[] = [];
  runtime.events.on('call-stage', (event) => stages.push(event));
  const dispatch = (signal?: AbortSignal): Promise<CallOutcome> =>
    runtime.dispatch({ name: tool.name, args: {}, callId: 'call_exec:code:1', scope: registry.root, parent: { callId: 'call_exec', cellId: 'cell_1' }, signal });
  return { runtime, stages, dispatch };
}

describe("the call's timeout covers the policy stages", () => {
  it('ends a call whose pre-execute hook never settles TIMEOUT after timeoutMs, naming the stage; the tool does not run and the hook sees its signal abort', async () => {
    const tool = countingTool('fetch', { timeoutMs: 1_000 });
    const { runtime, stages, dispatch } = runtimeWith(tool);
    let seen: AbortSignal | undefined;
    runtime.onPreExecute((call) => {
      seen = call.signal;
      return never();
    });
    const outcome = dispatch();
    expect(await settledAfter(outcome, 999)).toBe('pending');
    expect(seen?.aborted).toBe(false);
    expect(await settledAfter(outcome, 1)).toEqual({
      status: 'error',
      callId: 'call_exec:code:1',
      toolName: 'fetch',
      code: 'TIMEOUT',
      message: `"fetch" was stopped before it ran: a pre-execute hook did not settle within the call's 1000 ms timeout. It did not run; try again later.`,
      output: expect.anything(),
    });
    expect(seen?.aborted).toBe(true);
    expect(tool.runs).toBe(0);
    expect(stages.at(-1)).toMatchObject({ stage: 'pre-execute', result: 'timeout' });
  });

  it('ends a call whose guard never settles TIMEOUT after timeoutMs (the 8 s stall of issue 29)', async () => {
    const tool = countingTool('fetch', { timeoutMs: 1_000 });
    const { runtime, stages, dispatch } = runtimeWith(tool);
    runtime.addGuard(() => never());
    const outcome = dispatch();
    expect(await settledAfter(outcome, 1_000)).toMatchObject({
      code: 'TIMEOUT',
      message: `"fetch" was stopped before it ran: a permission check did not settle within the call's 1000 ms timeout. It did not run; try again later.`,
    });
    expect(tool.runs).toBe(0);
    expect(stages.map((event) => `${event.stage}:${event.result}`)).toEqual(['validated:pass', 'guard:timeout']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends a call whose post-execute hook never settles TIMEOUT after timeoutMs, saying the tool ran', async () => {
    const tool = countingTool('fetch', { timeoutMs: 1_000 });
    const { runtime, dispatch } = runtimeWith(tool);
    runtime.onPostExecute(() => never());
    const outcome = dispatch();
    expect(await settledAfter(outcome, 999)).toBe('pending');
    expect(await settledAfter(outcome, 1)).toMatchObject({
      code: 'TIMEOUT',
      message: `"fetch" ran, but a post-execute hook did not settle within the call's 1000 ms timeout, so its output was dropped. It may have taken effect; check before calling it again.`,
    });
    expect(tool.runs).toBe(1);
  });

  it('takes the runtime default when the tool sets no timeoutMs', async () => {
    const { runtime, dispatch } = runtimeWith(countingTool('fetch'), { defaultTimeoutMs: 5_000 });
    runtime.addGuard(() => never());
    const outcome = dispatch();
    expect(await settledAfter(outcome, 4_999)).toBe('pending');
    expect(await settledAfter(outcome, 1)).toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining("within the call's 5000 ms timeout") });
  });

  it('is one budget: time spent in a slow guard is taken from the time left for execute', async () => {
    const tool = countingTool('fetch', { timeoutMs: 1_000, execute: () => never() });
    const { runtime, dispatch } = runtimeWith(tool);
    runtime.addGuard(() => new Promise((resolve) => setTimeout(resolve, 600)));
    const outcome = dispatch();
    expect(await settledAfter(outcome, 999)).toBe('pending');
    expect(await settledAfter(outcome, 1)).toMatchObject({ code: 'TIMEOUT', message: '"fetch" did not finish within its 1000 ms timeout and was stopped; it may have partly completed. Try a smaller request.' });
  });
});

describe('hooks and guards see the call being cancelled', () => {
  it('runtime.cancel aborts the signal a pending guard holds, with the reason', async () => {
    const { runtime, dispatch } = runtimeWith(countingTool('fetch'));
    const held = deferred<PolicyCall>();
    runtime.addGuard((call) => {
      held.resolve(call);
      return never();
    });
    const outcome = dispatch();
    const call = await held.promise;
    expect(call.signal.aborted).toBe(false);
    expect(runtime.cancel('call_exec:code:1', 'user pressed stop')).toBe(true);
    expect(call.signal.aborted).toBe(true);
    expect(call.signal.reason).toMatchObject({ code: 'ABORTED' });
    await expect(outcome).resolves.toMatchObject({ code: 'ABORTED', message: expect.stringContaining('before "fetch" started; it did not run') });
  });

  it("the caller's signal, and cancelling the parent, abort the signal a pending pre-execute hook holds", async () => {
    const { runtime, dispatch } = runtimeWith(countingTool('fetch'));
    const seen: AbortSignal[] = [];
    runtime.onPreExecute((call) => {
      seen.push(call.signal);
      return never();
    });
    const controller = new AbortController();
    const byCaller = dispatch(controller.signal);
    await settledAfter(byCaller, 0);
    controller.abort();
    await expect(byCaller).resolves.toMatchObject({ code: 'ABORTED' });
    const byParent = dispatch();
    await settledAfter(byParent, 0);
    runtime.cancel('call_exec');
    await expect(byParent).resolves.toMatchObject({ code: 'ABORTED' });
    expect(seen.map((signal) => signal.aborted)).toEqual([true, true]);
  });
});

describe('approval waits', () => {
  /** A tool that needs approval, and an approval handler that never decides (it keeps the requests). */
  function undecided(options: Omit<ToolRuntimeOptions, 'registry' | 'approval'> = {}) {
    const tool = countingTool('deploy', { needsApproval: true, timeoutMs: 1_000 });
    const requests: ApprovalRequest[] = [];
    const setup = runtimeWith(tool, { ...options, approval: { ask: (request) => (requests.push(request), never()) } });
    return { ...setup, tool, requests };
  }

  it(`are bounded by default: no decision within ${DEFAULT_APPROVAL_TIMEOUT_MS} ms ends the call TIMEOUT and dismisses the prompt`, async () => {
    const { tool, requests, stages, dispatch } = undecided();
    const outcome = dispatch();
    // The call's own 1 s timeout does not count the wait for a person.
    expect(await settledAfter(outcome, DEFAULT_APPROVAL_TIMEOUT_MS - 1)).toBe('pending');
    expect(requests[0]?.signal.aborted).toBe(false);
    expect(await settledAfter(outcome, 1)).toMatchObject({
      code: 'TIMEOUT',
      message: `"deploy" was stopped before it ran: no approval decision came within ${DEFAULT_APPROVAL_TIMEOUT_MS} ms. It did not run; ask the user before calling it again.`,
    });
    expect(requests[0]?.signal.aborted).toBe(true);
    expect(tool.runs).toBe(0);
    expect(stages.at(-1)).toMatchObject({ stage: 'approval', result: 'timeout', waitMs: DEFAULT_APPROVAL_TIMEOUT_MS });
  });

  it('take the bound the host states, and are unbounded only when it says Infinity', async () => {
    const stated = undecided({ approvalTimeoutMs: 30_000 });
    expect(await settledAfter(stated.dispatch(), 30_000)).toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('no approval decision came within 30000 ms') });

    const unbounded = undecided({ approvalTimeoutMs: Number.POSITIVE_INFINITY });
    const outcome = unbounded.dispatch();
    expect(await settledAfter(outcome, 7 * 24 * 60 * 60 * 1_000)).toBe('pending');
    expect(vi.getTimerCount()).toBe(0);
    unbounded.runtime.cancel('call_exec:code:1');
    await expect(outcome).resolves.toMatchObject({ code: 'ABORTED' });
  });

  it("pause the call's timeout: what is left of it after a slow guard applies once approved", async () => {
    const tool = countingTool('deploy', { needsApproval: true, timeoutMs: 1_000, execute: () => never() });
    const decision = deferred<{ type: 'approve' }>();
    const { runtime, dispatch } = runtimeWith(tool, { approval: { ask: () => decision.promise } });
    runtime.addGuard(() => new Promise((resolve) => setTimeout(resolve, 400)));
    const outcome = dispatch();
    expect(await settledAfter(outcome, 400 + 5_000)).toBe('pending');
    decision.resolve({ type: 'approve' });
    expect(await settledAfter(outcome, 599)).toBe('pending');
    expect(await settledAfter(outcome, 1)).toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('did not finish within its 1000 ms timeout') });
  });

  it('refuse an approvalTimeoutMs of zero or NaN', () => {
    const registry = new ToolRegistry({ mode: 'direct' });
    for (const approvalTimeoutMs of [0, -1, Number.NaN]) {
      expect(() => new ToolRuntime({ registry, approvalTimeoutMs })).toThrow(
        expect.objectContaining({ code: 'INVALID_CONFIGURATION', message: expect.stringContaining('executor.approvalTimeoutMs') }),
      );
    }
  });
});
