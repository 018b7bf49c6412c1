import { ToolcellError } from '@toolcell/core';
import type { SnapshotErrorCode } from '@toolcell/core';

/** Constructor options of {@link SnapshotError}. */
export interface SnapshotErrorOptions {
  /** Why (one of `SNAPSHOT_ERROR_CODES`). */
  readonly code: SnapshotErrorCode;
  /** What is wrong and what to do next. */
  readonly message: string;
}

/**
 * A sealed snapshot that is not resumed (another build, a wrong MAC, another scope, expired,
 * too large, malformed, answers for calls it did not park). Nothing of it ran and it is left
 * as it was: a correct resume of the same bytes still works.
 */
export class SnapshotError extends ToolcellError<SnapshotErrorCode> {
  static override readonly brand: string = '@toolcell/sandbox/SnapshotError';

  constructor(options: SnapshotErrorOptions) {
    super({ code: options.code, message: `snapshot refused: ${options.message}` });
  }
}
