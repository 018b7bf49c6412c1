import type { CellFilter, CellKey, DurableStore, StoredApproval } from './durable-store.js';

/** An approval no one has decided yet, with the cell it belongs to. */
export interface PendingApproval extends StoredApproval {
  readonly key: CellKey;
}

/**
 * Every undecided approval of the suspended cells a filter selects (a session's, a scope's),
 * expired ones included (deciding one answers `STORE_EXPIRED`): what a person is asked about.
 */
export async function listPendingApprovals(store: DurableStore, filter: CellFilter): Promise<PendingApproval[]> {
  const pending: PendingApproval[] = [];
  for (const cell of await store.listCells(filter)) {
    if (cell.status !== 'suspended') continue;
    for (const approval of cell.approvals) {
      if ((await store.readDecision(approval.approvalId)) === undefined) pending.push({ ...approval, key: cell.key });
    }
  }
  return pending;
}
