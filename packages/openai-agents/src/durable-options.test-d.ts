import type { FileDurableStore } from '@toolcell/durable-store/files';
import { describe, expectTypeOf, it } from 'vitest';
import type { AnyFunctionTool, CodeModeTool, CodeModeToolOptions, DurableExecOptions, NestedApproval, NestedDecision } from './index.js';

describe('the durable option', () => {
  it('takes a store from @toolcell/durable-store and seal keys', () => {
    expectTypeOf<CodeModeToolOptions['durable']>().toEqualTypeOf<DurableExecOptions | undefined>();
    expectTypeOf<FileDurableStore>().toExtend<DurableExecOptions['store']>();
    expectTypeOf<{ current: { id: string; secret: string } }>().toExtend<DurableExecOptions['keys']>();
  });

  it('gives the agent its tools, lists nested approvals and decides one', () => {
    expectTypeOf<CodeModeTool['tools']>().toEqualTypeOf<readonly AnyFunctionTool[]>();
    expectTypeOf<ReturnType<CodeModeTool['pendingApprovals']>>().toEqualTypeOf<Promise<NestedApproval[]>>();
    expectTypeOf<{ type: 'deny'; reason: string }>().toExtend<NestedDecision>();
    expectTypeOf<{ type: 'maybe' }>().not.toExtend<NestedDecision>();
  });
});
