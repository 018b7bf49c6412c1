import type { JsonValue } from '@toolcell/core';
import type { OutputItem, SandboxCells } from '@toolcell/sandbox';
import type { UnobservedCall } from '../unobserved-call.js';

/**
 * How a durable program meets its host while one round of it runs (a start, or a resume).
 * Code Mode's `exec` and `wait` pass their live cell's; a host calling {@link DurableCells}
 * directly usually passes none.
 */
export interface DurableCellHooks {
  /** Receives each output item as the program produces it (the report has them all too). */
  readonly onOutput?: (item: OutputItem) => void;
  /**
   * The cells globals (`store`, `load`, `notify`, `yield_control`). The values `load` sees
   * are sealed into the snapshot with the program: a resume ignores `storedValues`.
   */
  readonly cells?: SandboxCells;
  /** Aborting ends the round with `EXEC_CANCELLED` (nothing is suspended). */
  readonly signal?: AbortSignal;
  /**
   * Whether `signal` was aborted to terminate the cell (Code Mode's `wait` with `terminate`):
   * the cell is then stored as `terminated`, its undecided approvals denied, as
   * `DurableCells.terminate` stores a suspended one, not as failed with `EXEC_CANCELLED`.
   */
  readonly isTerminated?: () => boolean;
  /** Whether nobody observes the program now (its agent turn has ended). */
  readonly isUnobserved?: () => boolean;
  /** What happens to a call the program makes while nobody observes it (`CellsOptions.onUnobservedCall`). */
  readonly onUnobservedCall?: ((call: UnobservedCall) => void | Promise<void>) | undefined;
  /** Receives context that post-execute hooks attached to a nested outcome, for the model. */
  readonly onModelContext?: (notes: readonly string[]) => void;
  /** The program's stored-value writes not committed yet: kept in the store with its suspension. */
  readonly writes?: () => Readonly<Record<string, JsonValue>>;
  /** On resume, before the program goes on: the writes kept with its suspension. */
  readonly restoreWrites?: (writes: Readonly<Record<string, JsonValue>>) => void;
}
