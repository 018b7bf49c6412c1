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
    if (result.recorded && this.#onBatchDecided !== undefined && (await this.#batchDecided(result.key))) this.#onBatchDecided(result.key);
    return result;
  }

  /** Whether the cell (the one the store named for the decided approval) is suspended with every approval of its batch decided now. */
  async #batchDecided(key: CellKey): Promise<boolean> {
    const store = this.#options.store;
    const cell = await store.readCell(key);
    if (cell?.status !== 'suspended') return false;
    for (const approval of cell.approvals) if ((await store.readDecision(approval.approvalId)) === undefined) return false;
    return true;
  }
}
