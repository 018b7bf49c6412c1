import type { ExecErrorCode, JsonValue } from '@toolcell/core';
import { describe, expectTypeOf, it } from 'vitest';
import { createInProcessTransport } from '../index.js';
import type { DurableSandboxTransport, GuestToolParked, GuestToolResponse, OutputItem, ProgramResult, RunProgramRequest, SandboxTransport } from '../index.js';
import { createChildProcessTransport, createWorkerTransport } from '../node.js';
import type { ChildProcessTransport, WorkerTransport } from '../node.js';

describe('public types', () => {
  it('a tool response is a value or an error, never both', () => {
    expectTypeOf<{ ok: true; value: JsonValue }>().toMatchTypeOf<GuestToolResponse>();
    expectTypeOf<{ ok: false; error: { code: string; message: string; callId?: string } }>().toMatchTypeOf<GuestToolResponse>();
    // @ts-expect-error a success carries a value, not an error
    const wrong: GuestToolResponse = { ok: true, error: { code: 'DENIED', message: 'no' } };
    void wrong;
  });

  it('onToolBatch answers each call with a promise', () => {
    expectTypeOf<ReturnType<RunProgramRequest['onToolBatch']>>().toEqualTypeOf<ReadonlyArray<Promise<GuestToolResponse | GuestToolParked>>>();
    const request: RunProgramRequest = { source: 'return 1', bindings: [], onToolBatch: (calls) => calls.map(() => Promise.resolve({ ok: true, value: null })) };
    void request;
  });

  it('a failed result carries an exec code', () => {
    expectTypeOf<NonNullable<ProgramResult['error']>['code']>().toEqualTypeOf<ExecErrorCode>();
    expectTypeOf<ProgramResult['returnValue']>().toEqualTypeOf<JsonValue | undefined>();
  });

  it('output items narrow by type', () => {
    const describe = (item: OutputItem): string => (item.type === 'text' ? item.text : `${item.mimeType}:${item.data.length}`);
    void describe;
  });

  it('every transport is a SandboxTransport; the child and worker ones also show their pool', () => {
    expectTypeOf(createInProcessTransport).returns.toEqualTypeOf<DurableSandboxTransport>();
    expectTypeOf<DurableSandboxTransport>().toMatchTypeOf<SandboxTransport>();
    expectTypeOf(createWorkerTransport).returns.toEqualTypeOf<WorkerTransport>();
    expectTypeOf<WorkerTransport>().toMatchTypeOf<SandboxTransport>();
    expectTypeOf<ReturnType<WorkerTransport['poolStats']>['idle']>().toEqualTypeOf<readonly number[]>();
    expectTypeOf(createChildProcessTransport).returns.toEqualTypeOf<ChildProcessTransport>();
    expectTypeOf<ChildProcessTransport>().toMatchTypeOf<SandboxTransport>();
    expectTypeOf<ReturnType<ChildProcessTransport['poolStats']>['busy']>().toEqualTypeOf<readonly number[]>();
  });
});
