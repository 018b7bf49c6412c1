import { ToolcellError } from '@toolcell/core';

const MARKER = Symbol.for('toolcell.error.SandboxProtocolError');

/**
 * A malformed, oversize or unexpected frame on the sandbox protocol (`PROTOCOL_ERROR`).
 * The parent never lets it escape: it kills the child and the run fails with
 * `EXEC_CRASHED`, whose message carries this error's.
 */
export class SandboxProtocolError extends ToolcellError<'PROTOCOL_ERROR'> {
  private readonly [MARKER] = true;
  override readonly name = '@toolcell/sandbox/SandboxProtocolError';

  constructor(message: string) {
    super({ code: 'PROTOCOL_ERROR', message: `sandbox protocol error: ${message}` });
  }

  /** Whether `error` is a sandbox protocol error, from this or any other copy of the package. */
  static override isInstance(error: unknown): error is SandboxProtocolError {
    return ToolcellError.hasMarker(error, MARKER);
  }
}
