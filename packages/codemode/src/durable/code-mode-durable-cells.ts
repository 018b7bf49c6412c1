import type { CellKey, RecordDecisionResult, StoredDecisionInput } from '@toolcell/durable-store';
import type { DurableCellsOptions } from './durable-cells.js';
import { DurableCells } from './durable-cells.js';

/**
 * `CodeMode.durable`: the durable cells of a `CodeMode`, whose decisions may complete a
 * cell's batch — then `onBatchDecided` resumes it (auto-resume).
 */
export class CodeModeDurableCells extends DurableCells {
  readonly #options: DurableCellsOptions;
  readonly #onBatchDecided: ((key: CellKey) => void) | undefined;

  constructor(options: DurableCellsOptions, onBatchDecided: ((key: CellKey) => void) | undefined) {
    super(options);
    this.#options = options;
    this.#onBatchDecided = onBatchDecided;
  }

  /** Record a decision (the first one wins); one that completes its cell's batch resumes the cell, with auto-resume on. */
  override async decide(approvalId: string, decision: StoredDecisionInput): Promise<RecordDecisionResult> {
    const result = await super.decide(approvalId, decision);
    if (result.recorded && this.#onBatchDecided !== undefined) {
      const key = await this.#batchDecided(approvalId);
      if (key !== undefined) this.#onBatchDecided(key);
    }
    return result;
  }

  /** The cell whose approval this is, if every approval of its batch is decided now. */
  async #batchDecided(approvalId: string): Promise<CellKey | undefined> {
    const store = this.#options.store;
    for (const cell of await store.listCells({})) {
      if (cell.status !== 'suspended' || !cell.approvals.some((approval) => approval.approvalId === approvalId)) continue;
      for (const approval of cell.approvals) if ((await store.readDecision(approval.approvalId)) === undefined) return undefined;
      return cell.key;
    }
    return undefined;
  }
}
