// Codes of calls that were cancelled, timed out or failed, through dispatch, with the
// message a model reads: ABORTED_BEFORE_DISPATCH, ABORTED, TIMEOUT, EXECUTION_FAILED.
import { ToolFailure, ToolcellError, textOutput, toolOutput } from '@toolcell/core';
import { ToolRegistry } from '@toolcell/registry';
import { describe, expect, it } from 'vitest';
import { RecordingPolicy } from './test/recording-policy.js';
import { countingTool, deferred, settle, setup, singleTool } from './test-support/fixtures.js';
import './test-support/loaded-validators.js';
import { ToolRuntime } from './tool-runtime.js';

describe('ABORTED_BEFORE_DISPATCH', () => {
  it('for an already-aborted signal', async () => {
    const tool = countingTool('noop');
    await expect(singleTool(tool).dispatch({}, { signal: AbortSignal.abort() })).resolves.toMatchObject({
      code: 'ABORTED_BEFORE_DISPATCH',
      message: 'The call of "noop" was cancelled before it started; it did not run.',
    });
    expect(tool.runs).toBe(0);
  });
});

describe('ABORTED', () => {
  it('when the signal aborts while the tool runs, without waiting for the tool', async () => {
    const never = deferred();
    let seen: AbortSignal | undefined;
    const tool = countingTool('slow', {
      execute: async (_input, context) => {
        seen = context.signal;
        await never.promise;
        return textOutput('late');
      },
    });
    const controller = new AbortController();
    const pending = singleTool(tool).dispatch({}, { signal: controller.signal });
    await settle();
    controller.abort();
    await expect(pending).resolves.toMatchObject({
      code: 'ABORTED',
      message: 'The call was cancelled by its caller while "slow" was running; it may have partly completed.',
    });
    expect(seen?.aborted).toBe(true);
    expect(ToolcellError.isInstance(seen?.reason) && seen.reason.code).toBe('ABORTED');
  });

  it('when runtime.cancel names the call, with the reason', async () => {
    const never = deferred();
    const { runtime, dispatch } = singleTool(countingTool('slow', { execute: () => never.promise.then(() => textOutput('late')) }));
    const pending = dispatch({}, { callId: 'slow_1' });
    await settle();
    expect(runtime.cancel('slow_1', 'user pressed stop')).toBe(true);
    await expect(pending).resolves.toMatchObject({
      code: 'ABORTED',
      message: 'The call was cancelled (user pressed stop) while "slow" was running; it may have partly completed.',
    });
    expect(runtime.cancel('slow_1')).toBe(false);
  });
});

describe('TIMEOUT', () => {
  it("stops a call that runs past its tool's timeout", async () => {
    let seen: AbortSignal | undefined;
    const tool = countingTool('slow', {
      timeoutMs: 20,
      execute: (_input, context) => {
        seen = context.signal;
        return new Promise(() => undefined);
      },
    });
    await expect(singleTool(tool).dispatch()).resolves.toMatchObject({
      code: 'TIMEOUT',
      message: '"slow" did not finish within its 20 ms timeout and was stopped; it may have partly completed. Try a smaller request.',
    });
    expect(ToolcellError.isInstance(seen?.reason) && seen.reason.code).toBe('TIMEOUT');
  });

  it('uses the runtime default when the tool sets none', async () => {
    const tool = countingTool('slow', { execute: () => new Promise(() => undefined) });
    await expect(singleTool(tool, { timeoutMs: 15 }).dispatch()).resolves.toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('within its 15 ms timeout') });
  });
});

describe('EXECUTION_FAILED', () => {
  it('keeps the thrown message', async () => {
    const tool = countingTool('read', {
      execute: async () => {
        throw new Error("ENOENT: no such file or directory, open 'a.txt'");
      },
    });
    await expect(singleTool(tool).dispatch()).resolves.toMatchObject({
      status: 'error',
      code: 'EXECUTION_FAILED',
      message: "ENOENT: no such file or directory, open 'a.txt'",
      output: { result: { value: { error: { code: 'EXECUTION_FAILED', message: "ENOENT: no such file or directory, open 'a.txt'" } } } },
    });
  });

  it('covers synchronous throws, non-Error throws and empty messages', async () => {
    const sync = countingTool('a', { execute: () => { throw new TypeError('bad state'); } });
    const text = countingTool('b', { execute: () => { throw 'plain string'; } });
    const empty = countingTool('c', { execute: () => { throw new Error(''); } });
    await expect(singleTool(sync).dispatch()).resolves.toMatchObject({ code: 'EXECUTION_FAILED', message: 'bad state' });
    await expect(singleTool(text).dispatch()).resolves.toMatchObject({ code: 'EXECUTION_FAILED', message: 'plain string' });
    await expect(singleTool(empty).dispatch()).resolves.toMatchObject({ code: 'EXECUTION_FAILED', message: '"c" failed without a message.' });
  });

  it('when a tool returns something that is not a tool output', async () => {
    const tool = countingTool('bad', { execute: () => 'just text' as never });
    await expect(singleTool(tool).dispatch()).resolves.toMatchObject({
      code: 'EXECUTION_FAILED',
      message: '"bad" returned something that is not a tool output; build it with toolOutput(), jsonOutput() or textOutput().',
    });
  });

  it('when the input schema does not compile', async () => {
    const tool = countingTool('broken', { inputSchema: { type: 'object', properties: { a: { type: 'not-a-type' as never } } } });
    const outcome = await singleTool(tool).dispatch();
    expect(outcome).toMatchObject({ code: 'EXECUTION_FAILED', message: expect.stringMatching(/^The input schema of "broken" does not compile \(.+\); the tool's definition has to be fixed before it can run\.$/) });
    expect(tool.runs).toBe(0);
  });

  it('when a post-execute hook throws', async () => {
    const policy = new RecordingPolicy({ postExecute: () => { throw new Error('formatter crashed'); } });
    const tool = countingTool('noop');
    await expect(singleTool(tool, { policy }).dispatch()).resolves.toMatchObject({
      code: 'EXECUTION_FAILED',
      message: '"noop" ran, but a post-execute hook failed on its output: formatter crashed',
    });
    expect(tool.runs).toBe(1);
  });

  it('keeps an exec error code a tool throws as a ToolcellError', async () => {
    const { registry, runtime } = setup('code_mode');
    registry.unregister('exec');
    registry.register({
      kind: 'freeform',
      name: 'exec',
      description: 'x',
      jsonFallback: { parameter: 'code', description: 'source' },
      execute: () => {
        throw new ToolcellError({ code: 'EXEC_SYNTAX', message: 'SyntaxError: unexpected token at 1:5' });
      },
    });
    await expect(runtime.dispatch({ name: 'exec', args: 'let =', callId: 'c1', scope: registry.root })).resolves.toMatchObject({
      code: 'EXEC_SYNTAX',
      message: 'SyntaxError: unexpected token at 1:5',
    });
  });

  it('keeps the output a thrown ToolFailure carries (a failed program with partial output), cut to budget', async () => {
    const partial = toolOutput({ result: { printed: 'step 1 done' }, wire: 'step 1 done\nEXEC_RUNTIME: ReferenceError: x is not defined' });
    const failure = new ToolFailure({ code: 'EXEC_RUNTIME', message: 'ReferenceError: x is not defined', output: partial });
    const tool = countingTool('program', { outputBudget: 11, execute: () => { throw failure; } });
    const outcome = await singleTool(tool).dispatch();
    expect(outcome).toMatchObject({ status: 'error', code: 'EXEC_RUNTIME', message: 'ReferenceError: x is not defined', output: { result: partial.result } });
    expect(outcome.output.wire.content[0]).toEqual({ type: 'text', text: 'step 1 done' });
    expect(outcome.output.wire.content[1]).toMatchObject({ type: 'text', text: expect.stringContaining('characters cut') });
  });

  it('takes output only from a ToolFailure, not from another error that happens to have an output field', async () => {
    const partial = toolOutput({ result: { printed: 'step 1 done' }, wire: 'step 1 done' });
    const lookalike = Object.assign(new ToolcellError({ code: 'EXEC_RUNTIME', message: 'ReferenceError: x is not defined' }), { output: partial });
    const tool = countingTool('program', { execute: () => { throw lookalike; } });
    const outcome = await singleTool(tool).dispatch();
    expect(outcome).toMatchObject({ status: 'error', code: 'EXEC_RUNTIME', message: 'ReferenceError: x is not defined' });
    expect(outcome.output.result.value).not.toEqual({ printed: 'step 1 done' });
  });

  it('lets a tool refuse its own input with INVALID_ARGS', async () => {
    const tool = countingTool('picky', { execute: () => { throw new ToolcellError({ code: 'INVALID_ARGS', message: 'picky expects a non-empty program' }); } });
    await expect(singleTool(tool).dispatch()).resolves.toMatchObject({ code: 'INVALID_ARGS', message: 'picky expects a non-empty program' });
  });

  it('does not let a tool claim a policy code by throwing it', async () => {
    const tool = countingTool('sneaky', { execute: () => { throw new ToolcellError({ code: 'DENIED', message: 'pretend policy' }); } });
    await expect(singleTool(tool).dispatch()).resolves.toMatchObject({ code: 'EXECUTION_FAILED', message: 'pretend policy' });
  });
});

describe('configuration', () => {
  it('rejects settings that cannot work', () => {
    const registry = new ToolRegistry();
    expect(() => new ToolRuntime({ registry, maxParallel: 0 })).toThrow('executor.maxParallel: expected a whole number of at least 1, got 0.');
    expect(() => new ToolRuntime({ registry, defaultOutputBudget: 1.5 })).toThrow('executor.defaultOutputBudget: expected a whole number of at least 1, got 1.5.');
    expect(() => new ToolRuntime({ registry, defaultTimeoutMs: -1 })).toThrow('executor.defaultTimeoutMs: expected a number of milliseconds above 0 (or Infinity for none), got -1.');
    expect(() => new ToolRuntime({ registry, maxParallel: Number.NaN })).toThrow(
      expect.objectContaining({ name: '@toolcell/core/ConfigurationError', code: 'INVALID_CONFIGURATION', setting: 'executor.maxParallel' }),
    );
  });
});

describe('EXECUTION_FAILED for malformed outputs', () => {
  it('when a post-execute hook returns something that is not a tool output', async () => {
    const policy = new RecordingPolicy({ postExecute: () => ({ output: { text: 'hi' } as never }) });
    await expect(singleTool(countingTool('noop'), { policy }).dispatch()).resolves.toMatchObject({
      code: 'EXECUTION_FAILED',
      message: 'A post-execute hook replaced the output of "noop" with something that is not a tool output.',
    });
  });

  it('when a wire part is malformed, the call still ends', async () => {
    const tool = countingTool('odd', { outputBudget: 2, execute: () => ({ result: { projection: 'typed', value: 1 }, wire: { projection: 'wire', content: [{ type: 'text' }] } }) as never });
    await expect(singleTool(tool).dispatch()).resolves.toMatchObject({
      code: 'EXECUTION_FAILED',
      message: expect.stringMatching(/^The executor could not finish the call of "odd": /),
    });
  });
});
