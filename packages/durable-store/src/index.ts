// The public API of @toolcell/durable-store: the store interface (runtime-neutral). Adding an
// export is an API decision. The files backend is at `@toolcell/durable-store/files`.

export type {
  CellFilter,
  CellKey,
  CellRecord,
  CellStatus,
  CellSummary,
  CellWrite,
  DecisionNotice,
  DecisionWatch,
  DurableStore,
  JournalEntry,
  JournalState,
  Lease,
  RecordDecisionResult,
  StoredApproval,
  StoredDecision,
  StoredDecisionInput,
} from './durable-store.js';
export { isJournalMove } from './journal-moves.js';
export { listPendingApprovals } from './list-pending-approvals.js';
export type { PendingApproval } from './list-pending-approvals.js';
export { STORE_ERROR_CODES, StoreError } from './store-error.js';
export type { StoreErrorCode, StoreErrorOptions } from './store-error.js';
