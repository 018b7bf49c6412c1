import type { CallOutcome, CodeModeCallSource } from '@toolcell/core';
import type { Scope } from '@toolcell/registry';
import { describe, expectTypeOf, it } from 'vitest';
import type { CallEndEvent, DispatchRequest, ParentToken, PolicyCall, PostExecuteCall, PreExecuteDecision, ToolRuntimeOptions } from './index.js';
import type { ToolRuntime } from './index.js';

declare const runtime: ToolRuntime;
declare const scope: Scope;

describe('ToolRuntime types', () => {
  it('dispatch resolves to a CallOutcome; a batch gives one promise per call', () => {
    expectTypeOf(runtime.dispatch).returns.toEqualTypeOf<Promise<CallOutcome>>();
    expectTypeOf(runtime.dispatchBatch).returns.toEqualTypeOf<Promise<CallOutcome>[]>();
  });

  it('a request cannot claim the code_mode source: only a parent token makes a call nested', () => {
    const source: CodeModeCallSource = { type: 'code_mode', cellId: 'c', parentCallId: 'p' };
    // @ts-expect-error the source of a nested call is derived from `parent`
    const forged: DispatchRequest = { name: 'x', args: {}, callId: 'c1', scope, source };
    expectTypeOf(forged).toEqualTypeOf<DispatchRequest>();
  });

  it('a parent token names the exec call and the cell', () => {
    expectTypeOf<ParentToken>().toEqualTypeOf<{ readonly callId: string; readonly cellId: string }>();
    // @ts-expect-error the cell id is required
    const partial: ParentToken = { callId: 'call_1' };
    expectTypeOf(partial).toEqualTypeOf<ParentToken>();
  });

  it('a rewrite carries arguments and a denial a reason', () => {
    // @ts-expect-error a rewrite without arguments
    const rewrite: PreExecuteDecision = { type: 'rewrite' };
    // @ts-expect-error a denial without a reason
    const deny: PreExecuteDecision = { type: 'deny' };
    expectTypeOf([rewrite, deny]).toEqualTypeOf<PreExecuteDecision[]>();
  });

  it('events are typed', () => {
    runtime.events.on('call-end', (event) => {
      expectTypeOf(event).toEqualTypeOf<CallEndEvent>();
    });
    // @ts-expect-error not an event of the runtime
    runtime.events.on('call-finished', () => undefined);
  });

  it('hooks and guards get the call\'s signal; the approval wait takes a bound or Infinity', () => {
    expectTypeOf<PolicyCall['signal']>().toEqualTypeOf<AbortSignal>();
    expectTypeOf<PostExecuteCall['signal']>().toEqualTypeOf<AbortSignal>();
    expectTypeOf<ToolRuntimeOptions['approvalTimeoutMs']>().toEqualTypeOf<number | undefined>();
    runtime.addGuard((call) => {
      expectTypeOf(call.signal).toEqualTypeOf<AbortSignal>();
    });
  });
});
