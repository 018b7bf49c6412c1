import { ToolcellError } from '@toolcell/core';

/**
 * Codes of a {@link StoreError}:
 * - `STORE_CONFLICT` — a compare-and-set lost: the record changed since it was read (another
 *   writer, or a call moved already). Read it again.
 * - `STORE_LEASE_HELD` — another process holds the cell's lease (it is resuming the cell).
 * - `STORE_LEASE_LOST` — the lease used is no longer the cell's current one (it expired and
 *   another process claimed the cell): stop, nothing was written.
 * - `STORE_UNKNOWN_APPROVAL` — no pending approval has that id (never, or swept).
 * - `STORE_EXPIRED` — the approval or cell is past its expiry.
 * - `STORE_UNAVAILABLE` — the backend failed (a read-only or full directory, a server gone);
 *   nothing was written that a retry would repeat.
 * - `STORE_CORRUPT` — a stored record cannot be read (changed by hand, or by another version).
 */
export const STORE_ERROR_CODES = [
  'STORE_CONFLICT',
  'STORE_LEASE_HELD',
  'STORE_LEASE_LOST',
  'STORE_UNKNOWN_APPROVAL',
  'STORE_EXPIRED',
  'STORE_UNAVAILABLE',
  'STORE_CORRUPT',
] as const;

/** One of {@link STORE_ERROR_CODES}. */
export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];

/** Constructor options of {@link StoreError}. */
export interface StoreErrorOptions {
  /** Why (one of {@link STORE_ERROR_CODES}). */
  readonly code: StoreErrorCode;
  /** What happened and what to do next. */
  readonly message: string;
  /** Whether the same request may succeed if repeated (a server that went away). */
  readonly retryable?: boolean;
  /** The underlying error (a file system or driver error). */
  readonly cause?: unknown;
}

/** A durable store refused or failed an operation; `code` says which. */
export class StoreError extends ToolcellError<StoreErrorCode> {
  static override readonly brand: string = '@toolcell/durable-store/StoreError';

  constructor(options: StoreErrorOptions) {
    super(options);
  }
}
