// One call's failure — anywhere in its stages — ends that call alone, and every call that
// announced itself with `call-start` also ends with `call-end`.
import type { CallOutcome, ToolOutput } from '@toolcell/core';
import { MAX_JSON_DEPTH } from '@toolcell/core';
import { describe, expect, it } from 'vitest';
import { countingTool, setup } from './test-support/fixtures.js';

const deep = (levels: number): unknown => JSON.parse(`{"path":${'['.repeat(levels)}${']'.repeat(levels)}}`);

function hostile(message: string): object {
  return new Proxy(
    {},
    {
      get: () => {
        throw new Error(message);
      },
      getPrototypeOf: () => {
        throw new Error(message);
      },
    },
  );
}

function countEvents(runtime: ReturnType<typeof setup>['runtime']) {
  const started = new Set<string>();
  const ended = new Set<string>();
  runtime.events.on('call-start', (event) => started.add(event.callId));
  runtime.events.on('call-end', (event) => ended.add(event.callId));
  return { started, ended };
}

describe('a batch is isolated per call', () => {
  it('a deep argument fails its own call with INVALID_ARGS and the other call runs and reports ok', async () => {
    const { runtime, registry, writeFile } = setup('code_mode');
    const [read, write] = await Promise.all(
      runtime.dispatchBatch([
        { name: 'read_file', args: deep(200_000), callId: 'deep', scope: registry.root },
        { name: 'write_file', args: { path: 'x' }, callId: 'write', scope: registry.root },
      ]),
    );
    expect(read).toMatchObject({ status: 'error', code: 'INVALID_ARGS' });
    expect((read as Extract<CallOutcome, { status: 'error' }>).message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(write?.status).toBe('ok');
    expect(writeFile.runs).toBe(1);
  });

  it('every hostile call ends with its own outcome, and call-start is always matched by call-end', async () => {
    const { runtime, registry } = setup('code_mode');
    registry.register(countingTool('proxy_output', { execute: () => hostile('output trap') as ToolOutput }));
    registry.register(
      countingTool('hostile_throw', {
        execute: () => {
          throw hostile('message trap');
        },
      }),
    );
    const throwingGetter = { get path(): string { throw new Error('getter'); } };
    const throwingSignal = { aborted: false, addEventListener: () => { throw new Error('signal trap'); }, removeEventListener: () => undefined } as unknown as AbortSignal;
    const events = countEvents(runtime);
    const outcomes = await Promise.all(
      runtime.dispatchBatch([
        { name: 'read_file', args: deep(MAX_JSON_DEPTH + 5), callId: 'deep', scope: registry.root },
        { name: 'read_file', args: throwingGetter, callId: 'getter', scope: registry.root },
        { name: 'read_file', args: hostile('args trap'), callId: 'proxy-args', scope: registry.root },
        { name: 'read_file', args: {}, callId: 'signal', scope: registry.root, signal: throwingSignal },
        { name: 'proxy_output', args: {}, callId: 'proxy-output', scope: registry.root },
        { name: 'hostile_throw', args: {}, callId: 'hostile-throw', scope: registry.root },
        { name: 'read_file', args: { path: 'fine' }, callId: 'fine', scope: registry.root },
      ]),
    );
    const codes = Object.fromEntries(outcomes.map((outcome) => [outcome.callId, outcome.status === 'ok' ? 'ok' : outcome.code]));
    expect(codes).toEqual({
      deep: 'INVALID_ARGS',
      getter: 'INVALID_ARGS',
      'proxy-args': 'INVALID_ARGS',
      signal: 'EXECUTION_FAILED',
      'proxy-output': 'EXECUTION_FAILED',
      'hostile-throw': 'EXECUTION_FAILED',
      fine: 'ok',
    });
    expect(events.started.size).toBe(7);
    expect([...events.ended].sort()).toEqual([...events.started].sort());
  });

  it('a malformed request fails alone without throwing out of dispatchBatch', async () => {
    const { runtime, registry } = setup('code_mode');
    const malformed = { name: 'read_file', args: {}, callId: 'bad', scope: registry.root, get parent(): never { throw new Error('no parent'); } };
    const [bad, good] = await Promise.all(runtime.dispatchBatch([malformed, { name: 'read_file', args: {}, callId: 'good', scope: registry.root }]));
    expect(bad).toMatchObject({ status: 'error', code: 'EXECUTION_FAILED', callId: 'bad' });
    expect(good?.status).toBe('ok');
  });

});
