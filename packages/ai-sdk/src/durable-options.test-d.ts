import type { FileDurableStore } from '@toolcell/durable-store/files';
import type { ToolSet } from 'ai';
import { describe, expectTypeOf, it } from 'vitest';
import type { CodeModeTools, CodeModeToolsOptions, DurableExecOptions, NestedApproval, NestedDecision } from './index.js';

describe('the durable option', () => {
  it('takes a store from @toolcell/durable-store and seal keys', () => {
    expectTypeOf<CodeModeToolsOptions<ToolSet>['durable']>().toEqualTypeOf<DurableExecOptions | undefined>();
    expectTypeOf<FileDurableStore>().toExtend<DurableExecOptions['store']>();
    expectTypeOf<{ current: { id: string; secret: string } }>().toExtend<DurableExecOptions['keys']>();
  });

  it('lists nested approvals with their tool and arguments, and decides one (a deny with an optional reason)', () => {
    expectTypeOf<ReturnType<CodeModeTools<ToolSet>['pendingApprovals']>>().toEqualTypeOf<Promise<NestedApproval[]>>();
    expectTypeOf<NestedApproval>().toHaveProperty('toolName').toEqualTypeOf<string>();
    expectTypeOf<NestedApproval>().toHaveProperty('args').toEqualTypeOf<string>();
    expectTypeOf<{ type: 'deny' }>().toExtend<NestedDecision>();
    expectTypeOf<{ type: 'maybe' }>().not.toExtend<NestedDecision>();
  });
});
