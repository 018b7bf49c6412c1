import type { JsonValue } from '@toolcell/core';
import type { CellKey } from '@toolcell/durable-store';
import type { OutputItem, ProgramError, ProgramStats } from '@toolcell/sandbox';

/** One approval a suspended cell waits for, as a person (or the model) is shown it. */
export interface DurableApprovalView {
  /** What `DurableCells.decide` takes. */
  readonly approvalId: string;
  /** The canonical tool name. */
  readonly toolName: string;
  /** The arguments as the approval preview shows them (security-relevant ones whole). */
  readonly args: string;
  readonly cellId: string;
  /** Epoch milliseconds after which the approval can no longer be decided. */
  readonly expiresAt: number;
}

/**
 * How a durable cell stands after a round: suspended (with every pending approval of its
 * batch), or ended — completed, failed, or terminated (its approvals denied, the program
 * not run on).
 */
export type DurableCellReport =
  | {
      readonly status: 'suspended';
      readonly key: CellKey;
      /** The `exec` call that started the cell (set by `read`). */
      readonly execCallId?: string;
      /** Every approval the cell waits for, at once (a `Promise.all`'s whole batch). */
      readonly pendingApprovals: readonly DurableApprovalView[];
      /** Everything the program produced so far. */
      readonly output: readonly OutputItem[];
      /** Figures of the round that suspended it (absent when no round ran: nothing was decided yet). */
      readonly stats?: ProgramStats;
    }
  | {
      readonly status: 'completed' | 'failed' | 'terminated';
      readonly key: CellKey;
      /** The `exec` call that started the cell (set by `read`). */
      readonly execCallId?: string;
      readonly returnValue?: JsonValue;
      /** Present when `status` is `failed`. */
      readonly error?: ProgramError;
      readonly output: readonly OutputItem[];
      /** Figures of the round that ended it (absent for a cell terminated while it waited in the store). */
      readonly stats?: ProgramStats;
    };
