// The mode is enforced where calls execute (seed note 000): for every mode, what a call
// ends as, what its message says, and that a refused call is never seen by pre-execute
// listeners, guards or the approval handler — all through the executor.
import type { CallOutcome, ToolMode } from '@toolcell/core';
import { describe, expect, it, vi } from 'vitest';
import type { DispatchRequest, ParentToken } from './dispatch-request.js';
import { setup } from './test-support/fixtures.js';
import type { ToolRuntime } from './tool-runtime.js';

const PARENT: ParentToken = { callId: 'call_exec', cellId: 'cell_1' };
const ROUTE = 'tools.read_file(';

type Case = 'model-direct native' | 'nested native' | 'exec itself' | 'nested exec' | 'unknown name' | 'pre-aborted' | 'non-serializable on collapsed name';

interface Expected {
  readonly code?: string;
  /** Substrings the message must contain. */
  readonly says?: readonly string[];
  /** Whether the message names the route through `exec`. */
  readonly route?: boolean;
}

const OK: Expected = {};
const UNKNOWN_WITHOUT_ROUTE: Expected = { code: 'UNKNOWN_TOOL', says: ['There is no tool named'], route: false };
const COLLAPSED: Expected = { code: 'UNKNOWN_TOOL', says: ['cannot be called directly', 'Call `exec`', 'await tools.read_file(…)'], route: true };
const RECURSIVE: Expected = { code: 'RECURSIVE_EXEC', says: ['A program cannot call "exec"'], route: false };
const ABORTED: Expected = { code: 'ABORTED_BEFORE_DISPATCH', says: ['cancelled before it started; it did not run'], route: false };
const TYPE_ERROR: Expected = { code: 'INVALID_ARGS', says: ['TypeError', 'not JSON-serializable', 'a function is not a JSON value', '$.onDone'], route: false };

// What the mode does not change: recursion, unknown names, cancelled and non-serializable calls.
const IN_EVERY_MODE = {
  'nested exec': RECURSIVE,
  'unknown name': UNKNOWN_WITHOUT_ROUTE,
  'pre-aborted': ABORTED,
  'non-serializable on collapsed name': TYPE_ERROR,
} as const satisfies Partial<Record<Case, Expected>>;

const MATRIX: Record<ToolMode, Record<Case, Expected>> = {
  direct: {
    'model-direct native': OK,
    'nested native': { code: 'NOT_CALLABLE', says: ['does not run programs', 'Call it directly'], route: false },
    'exec itself': UNKNOWN_WITHOUT_ROUTE,
    ...IN_EVERY_MODE,
  },
  code_mode: { 'model-direct native': OK, 'nested native': OK, 'exec itself': OK, ...IN_EVERY_MODE },
  code_mode_only: { 'model-direct native': COLLAPSED, 'nested native': OK, 'exec itself': OK, ...IN_EVERY_MODE },
};

function requestFor(testCase: Case, scope: DispatchRequest['scope']): DispatchRequest {
  const base = { callId: `call_${testCase.replaceAll(' ', '_')}`, scope };
  switch (testCase) {
    case 'model-direct native':
      return { ...base, name: 'read_file', args: { path: 'a.txt' } };
    case 'nested native':
      return { ...base, name: 'read_file', args: { path: 'a.txt' }, parent: PARENT };
    case 'exec itself':
      return { ...base, name: 'exec', args: 'return 1' };
    case 'nested exec':
      return { ...base, name: 'exec', args: 'return 1', parent: PARENT };
    case 'unknown name':
      return { ...base, name: 'no_such_tool', args: {} };
    case 'pre-aborted':
      return { ...base, name: 'read_file', args: { path: 'a.txt' }, signal: AbortSignal.abort() };
    case 'non-serializable on collapsed name':
      return { ...base, name: 'read_file', args: { path: 'a.txt', onDone: () => undefined } };
  }
}

/** `request` passes and runs `tool`, which had not run before, once. */
async function expectRunsOnce(runtime: ToolRuntime, tool: { readonly runs: number }, request: DispatchRequest): Promise<void> {
  const outcome = await runtime.dispatch(request);
  expect(outcome.status).toBe('ok');
  expect(tool.runs).toBe(1);
}

function expectOutcome(outcome: CallOutcome, expected: Expected): void {
  if (expected.code === undefined) {
    expect(outcome).toMatchObject({ status: 'ok' });
    return;
  }
  expect(outcome).toMatchObject({ status: 'error', code: expected.code });
  if (outcome.status !== 'error') return;
  for (const fragment of expected.says ?? []) expect(outcome.message).toContain(fragment);
  if (expected.route === true) expect(outcome.message).toContain(ROUTE);
  if (expected.route === false) {
    expect(outcome.message).not.toContain('tools.read_file');
    expect(outcome.message).not.toContain('Call `exec`');
  }
  expect(outcome.output.wire.content).toEqual([{ type: 'text', text: `${expected.code}: ${outcome.message}` }]);
}

describe.each(Object.keys(MATRIX) as ToolMode[])('mode %s', (mode) => {
  it.each(Object.keys(MATRIX[mode]) as Case[])('%s', async (testCase) => {
    const { registry, runtime, policy, readFile, exec } = setup(mode);
    const expected = MATRIX[mode][testCase];
    const request = requestFor(testCase, registry.root);
    const outcome = await runtime.dispatch(request);
    expectOutcome(outcome, expected);
    if (expected.code === undefined) {
      expect(policy.observationsOf(request.callId)).toBeGreaterThan(0);
      expect(readFile.runs + exec.runs).toBe(1);
    } else {
      // Refused at resolve: no listener, guard or approval handler saw it; nothing ran.
      expect(policy.observationsOf(request.callId)).toBe(0);
      expect(policy.total).toBe(0);
      expect(readFile.runs + exec.runs).toBe(0);
    }
  });
});

describe('refused calls are invisible to the policy even when it would ask a person', () => {
  it('a collapsed call of a tool that needs approval asks nobody', async () => {
    const { registry, runtime, policy } = setup('code_mode_only');
    registry.unregister('write_file');
    registry.register({ kind: 'function', name: 'write_file', description: 'w', inputSchema: { type: 'object' }, needsApproval: true, execute: () => { throw new Error('must not run'); } });
    const outcome = await runtime.dispatch({ name: 'write_file', args: {}, callId: 'c1', scope: registry.root });
    expect(outcome).toMatchObject({ status: 'error', code: 'UNKNOWN_TOOL' });
    expect(policy.approvalRequests).toEqual([]);
    expect(policy.total).toBe(0);
  });
});

describe('pre-aborted calls run the visible tool finalizer', () => {
  it.each(['direct', 'code_mode', 'code_mode_only'] as const)('in %s, even when the name is collapsed', async (mode) => {
    const { registry, runtime, policy } = setup(mode);
    const finalize = vi.fn();
    registry.unregister('read_file');
    registry.register({ kind: 'function', name: 'read_file', description: 'r', inputSchema: { type: 'object' }, finalize, execute: () => { throw new Error('must not run'); } });
    const outcome = await runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root, signal: AbortSignal.abort() });
    expect(outcome).toMatchObject({ status: 'error', code: 'ABORTED_BEFORE_DISPATCH' });
    expect(finalize).toHaveBeenCalledOnce();
    expect(finalize).toHaveBeenCalledWith({ callId: 'c1', status: 'error', code: 'ABORTED_BEFORE_DISPATCH' });
    expect(policy.total).toBe(0);
  });

  it('takes precedence over non-serializable arguments and unknown names', async () => {
    const { registry, runtime, policy } = setup('code_mode_only');
    const signal = AbortSignal.abort();
    const [badArgs, unknown] = await Promise.all(
      runtime.dispatchBatch([
        { name: 'read_file', args: { value: 10n }, callId: 'c1', scope: registry.root, signal },
        { name: 'nope', args: {}, callId: 'c2', scope: registry.root, signal },
      ]),
    );
    expect(badArgs).toMatchObject({ code: 'ABORTED_BEFORE_DISPATCH' });
    expect(unknown).toMatchObject({ code: 'ABORTED_BEFORE_DISPATCH' });
    expect(policy.total).toBe(0);
  });
});

describe('non-serializable arguments take precedence over the name', () => {
  it('reports the TypeError for an unknown name and for a nested call of exec', async () => {
    const { registry, runtime, policy } = setup('code_mode_only');
    const [unknown, recursive] = await Promise.all(
      runtime.dispatchBatch([
        { name: 'nope', args: { when: new Date(0) }, callId: 'c1', scope: registry.root },
        { name: 'exec', args: { code: Symbol('x') }, callId: 'c2', scope: registry.root, parent: PARENT },
      ]),
    );
    expect(unknown).toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('a Date instance is not a plain JSON object (at $.when)') });
    expect(recursive).toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('a Symbol is not a JSON value (at $.code)') });
    expect(policy.total).toBe(0);
  });
});

describe('scopes', () => {
  it('a scope inheriting code_mode_only from its preset gets the same refusals', async () => {
    const { registry, runtime, policy, readFile } = setup('direct');
    registry.createScope({ id: 'preset', mode: 'code_mode_only' });
    const subagent = registry.createScope({ id: 'subagent', parent: 'preset' });
    expect(subagent.mode).toBe('code_mode_only');
    const outcomes = await Promise.all(
      runtime.dispatchBatch([
        { name: 'read_file', args: { path: 'a' }, callId: 'direct', scope: subagent },
        { name: 'read_file', args: { path: 'a' }, callId: 'aborted', scope: subagent, signal: AbortSignal.abort() },
        { name: 'read_file', args: { path: 'a', bad: Number.NaN }, callId: 'type-error', scope: subagent },
        { name: 'exec', args: 'x', callId: 'recursive', scope: subagent, parent: PARENT },
        { name: 'nope', args: {}, callId: 'unknown', scope: subagent },
      ]),
    );
    expectOutcome(outcomes[0] as CallOutcome, COLLAPSED);
    expect(outcomes.slice(1).map((outcome) => outcome.status === 'error' && outcome.code)).toEqual([
      'ABORTED_BEFORE_DISPATCH',
      'INVALID_ARGS',
      'RECURSIVE_EXEC',
      'UNKNOWN_TOOL',
    ]);
    expect(policy.total).toBe(0);
    expect(readFile.runs).toBe(0);
    await expectRunsOnce(runtime, readFile, { name: 'read_file', args: { path: 'a' }, callId: 'nested', scope: subagent, parent: PARENT });
  });

  it("enforces a subagent's narrowed allowlist at dispatch, even with a forged parent token", async () => {
    const { registry, runtime, policy, writeFile, readFile } = setup('code_mode');
    const reviewer = registry.createScope({ id: 'reviewer', nestedAllow: ['read_*'] });
    const forged: ParentToken = { callId: 'never_dispatched', cellId: 'made_up' };
    const outcome = await runtime.dispatch({ name: 'write_file', args: { path: 'x' }, callId: 'c1', scope: reviewer, parent: forged });
    expect(outcome).toMatchObject({
      status: 'error',
      code: 'NOT_CALLABLE',
      message: '"write_file" is not allowed in scope "reviewer". Use a tool listed in ALL_TOOLS.',
    });
    expect(policy.total).toBe(0);
    expect(writeFile.runs).toBe(0);
    // The same forged token reaches a tool inside the allowlist: the token is not the check.
    await expectRunsOnce(runtime, readFile, { name: 'read_file', args: { path: 'x' }, callId: 'c2', scope: reviewer, parent: forged });
  });

  it('checks the allowlist again when the registry changes after a program started', async () => {
    const { registry, runtime, policy } = setup('code_mode');
    const reviewer = registry.createScope({ id: 'reviewer', nestedAllow: ['read_*'] });
    registry.register({ kind: 'function', name: 'remove_file', description: 'rm', inputSchema: { type: 'object' }, execute: () => { throw new Error('must not run'); } });
    const outcome = await runtime.dispatch({ name: 'remove_file', args: {}, callId: 'c1', scope: reviewer, parent: PARENT });
    expect(outcome).toMatchObject({ code: 'NOT_CALLABLE' });
    expect(policy.total).toBe(0);
  });
});
