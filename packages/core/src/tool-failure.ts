import type { ToolErrorCode } from './error-codes.js';
import type { ToolOutput } from './tool-output.js';
import type { ToolcellErrorOptions } from './toolcell-error.js';
import { ToolcellError } from './toolcell-error.js';

/** Constructor options of {@link ToolFailure}. */
export interface ToolFailureOptions extends ToolcellErrorOptions<ToolErrorCode> {
  /**
   * What the model (and a program) should still receive with the failure — e.g. the
   * text a program printed before it crashed. Without it the outcome carries the message.
   */
  readonly output?: ToolOutput;
}

/**
 * Thrown by a tool to fail with a specific outcome code (an `EXEC_*` code for `exec`) and,
 * optionally, the partial output produced before the failure. The executor keeps both;
 * any other thrown error becomes `EXECUTION_FAILED` with its message.
 */
export class ToolFailure extends ToolcellError<ToolErrorCode> {
  static override readonly brand: string = '@toolcell/core/ToolFailure';

  /** The partial output to deliver with the failure, if any. */
  readonly output: ToolOutput | undefined;

  constructor(options: ToolFailureOptions) {
    super(options);
    this.output = options.output;
  }
}
