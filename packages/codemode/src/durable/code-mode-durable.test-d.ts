import type { DurableStore } from '@toolcell/durable-store';
import type { SealKeys } from '@toolcell/sandbox';
import { describe, expectTypeOf, it } from 'vitest';
import type { CellSummary, CellUpdateEvent, CodeMode, CodeModeDurableOptions, CodeModeEvents, CodeModeOptions, DurableApprovalView, DurableCells, ExecReport, ExecStatus } from '../index.js';

describe('the durable option and its answers', () => {
  it('CodeModeOptions.durable takes a store and seal keys; CodeMode.durable is the DurableCells hosts decide through', () => {
    expectTypeOf<CodeModeOptions['durable']>().toEqualTypeOf<CodeModeDurableOptions | undefined>();
    expectTypeOf<CodeModeDurableOptions['store']>().toEqualTypeOf<DurableStore>();
    expectTypeOf<CodeModeDurableOptions['keys']>().toEqualTypeOf<SealKeys>();
    expectTypeOf<CodeMode['durable']>().toEqualTypeOf<DurableCells | undefined>();
    expectTypeOf<DurableCells['pending']>().returns.resolves.toEqualTypeOf<DurableApprovalView[]>();
  });

  it('awaiting_approval is a status of every observation, the host report and the push event carry the approvals', () => {
    expectTypeOf<'awaiting_approval'>().toExtend<ExecStatus>();
    expectTypeOf<ExecReport['pendingApprovals']>().toEqualTypeOf<readonly DurableApprovalView[] | undefined>();
    expectTypeOf<CellUpdateEvent['pendingApprovals']>().toEqualTypeOf<readonly DurableApprovalView[] | undefined>();
    expectTypeOf<CellSummary['state']>().toEqualTypeOf<'running' | 'ended' | 'suspended'>();
    expectTypeOf<Parameters<CodeModeEvents['cell-end']>[0]['status']>().toEqualTypeOf<'completed' | 'failed' | 'terminated'>();
    expectTypeOf<Parameters<CodeModeEvents['cell-suspend']>[0]['pendingApprovals']>().toEqualTypeOf<readonly DurableApprovalView[]>();
  });
});
