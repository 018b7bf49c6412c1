// Codes of calls refused before their tool runs, through dispatch, with the message a
// model reads: UNKNOWN_TOOL, INVALID_ARGS, NOT_CALLABLE, RECURSIVE_EXEC, DENIED.
import { textOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { RecordingPolicy } from './test/recording-policy.js';
import { countingTool, setup, singleTool } from './test-support/fixtures.js';
import { ToolRuntime } from './tool-runtime.js';

const PARENT = { callId: 'call_exec', cellId: 'cell_1' };

const schemaTool = countingTool('move', {
  inputSchema: {
    type: 'object',
    properties: { from: { type: 'string' }, count: { type: 'integer', minimum: 1 }, mode: { enum: ['copy', 'move'] } },
    required: ['from'],
    additionalProperties: false,
  },
});

describe('UNKNOWN_TOOL', () => {
  it('names the route through exec for a collapsed name, and not for an unknown one', async () => {
    const { registry, runtime } = setup('code_mode_only');
    await expect(runtime.dispatch({ name: 'write_file', args: {}, callId: 'c1', scope: registry.root })).resolves.toMatchObject({
      code: 'UNKNOWN_TOOL',
      message: '"write_file" cannot be called directly in this session: it is available only from code. Call `exec` with a program that runs `await tools.write_file(…)`.',
    });
    await expect(runtime.dispatch({ name: 'nope', args: {}, callId: 'c2', scope: registry.root })).resolves.toMatchObject({
      code: 'UNKNOWN_TOOL',
      toolName: 'nope',
      message: 'There is no tool named "nope". Use one of the tools you were given.',
    });
  });
});

describe('INVALID_ARGS', () => {
  it('gives the JSON path and the ajv reason for every schema error', async () => {
    const { dispatch } = singleTool(schemaTool);
    const outcome = await dispatch({ count: 0, mode: 'link', extra: true });
    expect(outcome).toMatchObject({ status: 'error', code: 'INVALID_ARGS' });
    expect(outcome.status === 'error' && outcome.message).toBe(
      'Invalid arguments for "move": at $: must have required property \'from\'; at $: must NOT have additional properties ("extra"); ' +
        'at $.count: must be >= 1; at $.mode: must be equal to one of the allowed values: "copy", "move". Fix them to match the input schema and call again.',
    );
  });

  it('reports nested paths in the notation a program uses', async () => {
    const tool = countingTool('batch', {
      inputSchema: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { 'file name': { type: 'string' } } } } } },
    });
    const outcome = await singleTool(tool).dispatch({ items: [{ 'file name': 'a' }, { 'file name': 3 }] });
    expect(outcome).toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('at $.items[1]["file name"]: must be string') });
  });

  it('caps the list of errors', async () => {
    const properties = Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`p${index}`, { type: 'string' as const }]));
    const tool = countingTool('many', { inputSchema: { type: 'object', properties } });
    const args = Object.fromEntries(Array.from({ length: 7 }, (_, index) => [`p${index}`, index]));
    const outcome = await singleTool(tool).dispatch(args);
    expect(outcome).toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('at $.p4: must be string; and 2 more.') });
  });

  it('wants a JSON object for a function tool', async () => {
    const { dispatch } = singleTool(countingTool('noop'));
    await expect(dispatch(['a'])).resolves.toMatchObject({
      code: 'INVALID_ARGS',
      message: 'Invalid arguments for "noop": expected a JSON object of named arguments, not an array.',
    });
    await expect(dispatch(null)).resolves.toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('not null') });
  });

  it('wants a string and nothing else for a freeform tool', async () => {
    const { registry, runtime, exec } = setup('code_mode');
    await expect(runtime.dispatch({ name: 'exec', args: { code: 'return 1' }, callId: 'c1', scope: registry.root })).resolves.toMatchObject({
      code: 'INVALID_ARGS',
      message: '"exec" takes one raw string as input (the code), not an object.',
    });
    expect(exec.runs).toBe(0);
  });

  it('is a TypeError-class message for arguments that are not JSON', async () => {
    const { dispatch, policy } = singleTool(countingTool('noop'));
    await expect(dispatch({ nested: { big: 1n } })).resolves.toMatchObject({
      code: 'INVALID_ARGS',
      message:
        'TypeError: the arguments of "noop" are not JSON-serializable: a BigInt is not a JSON value (at $.nested.big). Pass plain JSON: objects, arrays, strings, finite numbers, booleans and null.',
    });
    expect(policy.total).toBe(0);
  });
});

describe('NOT_CALLABLE', () => {
  it('refuses nested calls of direct-control, hidden, collided and disallowed tools, saying what to do', async () => {
    const { registry, runtime, policy } = setup('code_mode');
    registry.register(countingTool('read-file'));
    const narrow = registry.createScope({ id: 'narrow', nestedAllow: ['read_file'] });
    const outcomes = await Promise.all(
      runtime.dispatchBatch([
        { name: 'ask_user_question', args: {}, callId: 'c1', scope: registry.root, parent: PARENT },
        { name: 'tool_search', args: {}, callId: 'c2', scope: registry.root, parent: PARENT },
        { name: 'read-file', args: {}, callId: 'c3', scope: registry.root, parent: PARENT },
        { name: 'write_file', args: {}, callId: 'c4', scope: narrow, parent: PARENT },
      ]),
    );
    expect(outcomes.map((outcome) => outcome.status === 'error' && [outcome.code, outcome.message])).toEqual([
      ['NOT_CALLABLE', '"ask_user_question" controls the conversation and cannot be called from a program. End the program and call "ask_user_question" as a tool call of its own.'],
      ['NOT_CALLABLE', '"tool_search" is a bridge tool and cannot be called from a program. Call the tool you need as `tools.<name>(…)` instead.'],
      ['NOT_CALLABLE', '"read-file" cannot be called from a program: its JS name `read_file` belongs to "read_file". Call `tools.read_file` only if you mean that tool.'],
      ['NOT_CALLABLE', '"write_file" is not allowed in scope "narrow". Use a tool listed in ALL_TOOLS.'],
    ]);
    expect(policy.total).toBe(0);
  });

  it('refuses nested calls in a scope that runs no programs', async () => {
    const { registry, runtime } = setup('direct');
    await expect(runtime.dispatch({ name: 'read_file', args: {}, callId: 'c1', scope: registry.root, parent: PARENT })).resolves.toMatchObject({
      code: 'NOT_CALLABLE',
      message: 'Scope "root" (mode direct) does not run programs, so "read_file" cannot be called from one. Call it directly.',
    });
  });
});

describe('RECURSIVE_EXEC', () => {
  it('refuses exec and wait from a program', async () => {
    const { registry, runtime } = setup('code_mode');
    registry.register({ kind: 'freeform', name: 'wait', description: 'w', jsonFallback: { parameter: 'cell', description: 'cell id' }, execute: () => textOutput('') });
    const [exec, wait] = await Promise.all(
      runtime.dispatchBatch([
        { name: 'exec', args: '1', callId: 'c1', scope: registry.root, parent: PARENT },
        { name: 'wait', args: 'cell_1', callId: 'c2', scope: registry.root, parent: PARENT },
      ]),
    );
    expect(exec).toMatchObject({ code: 'RECURSIVE_EXEC', message: 'A program cannot call "exec": code cannot start or wait on other code. Make the tool calls directly in this program.' });
    expect(wait).toMatchObject({ code: 'RECURSIVE_EXEC', message: expect.stringContaining('A program cannot call "wait"') });
  });
});

describe('DENIED', () => {
  it('by a pre-execute hook', async () => {
    const policy = new RecordingPolicy({ preExecute: () => ({ type: 'deny', reason: 'writes are frozen' }) });
    const tool = countingTool('noop');
    const outcome = await singleTool(tool, { policy }).dispatch();
    expect(outcome).toMatchObject({ code: 'DENIED', message: 'A pre-execute hook denied the call: writes are frozen' });
    expect(policy.guardCalls).toEqual([]);
    expect(tool.runs).toBe(0);
  });

  it('by a guard', async () => {
    const policy = new RecordingPolicy({ guard: (call) => ({ type: 'deny', reason: `${call.toolName} needs the fs permission` }) });
    const tool = countingTool('noop', { needsApproval: true });
    const outcome = await singleTool(tool, { policy }).dispatch();
    expect(outcome).toMatchObject({ code: 'DENIED', message: 'Permission denied: noop needs the fs permission' });
    expect(policy.approvalRequests).toEqual([]);
    expect(tool.runs).toBe(0);
  });

  it('by the approval handler', async () => {
    const policy = new RecordingPolicy({ approve: () => ({ type: 'deny', reason: 'the user said no' }) });
    const tool = countingTool('noop', { needsApproval: true });
    const outcome = await singleTool(tool, { policy }).dispatch();
    expect(outcome).toMatchObject({
      code: 'DENIED',
      message: 'The call of "noop" was not approved: the user said no. Do not retry it unchanged; ask the user how to proceed.',
    });
    expect(tool.runs).toBe(0);
  });

  it('when a tool needs approval and no handler is configured', async () => {
    const registry = new ToolRegistry();
    const tool = countingTool('noop', { needsApproval: true });
    registry.register(tool);
    const runtime = new ToolRuntime({ registry });
    await expect(runtime.dispatch({ name: 'noop', args: {}, callId: 'c1', scope: registry.root })).resolves.toMatchObject({
      code: 'DENIED',
      message: '"noop" needs approval and no approval handler is configured, so it was not run.',
    });
    expect(tool.runs).toBe(0);
  });

  it('fails closed when a hook, a guard or the approval handler throws', async () => {
    const boom = () => {
      throw new Error('boom');
    };
    const cases = [
      [{ preExecute: boom }, 'A pre-execute hook failed, so the call was not run: boom'],
      [{ guard: boom }, 'A permission check failed, so the call was not run: boom'],
      [{ approve: boom }, 'Asking for approval failed, so the call was not run: boom'],
    ] as const;
    for (const [options, message] of cases) {
      const tool = countingTool('noop', { needsApproval: true });
      const outcome = await singleTool(tool, { policy: new RecordingPolicy(options) }).dispatch();
      expect(outcome).toMatchObject({ code: 'DENIED', message });
      expect(tool.runs).toBe(0);
    }
  });
});

