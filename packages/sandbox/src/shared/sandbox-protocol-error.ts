import { ToolcellError } from '@toolcell/core';

/**
 * A malformed, oversize or unexpected frame on the sandbox protocol (`PROTOCOL_ERROR`).
 * The parent never lets it escape: it kills the child and the run fails with
 * `EXEC_CRASHED`, whose message carries this error's.
 */
export class SandboxProtocolError extends ToolcellError<'PROTOCOL_ERROR'> {
  static override readonly brand: string = '@toolcell/sandbox/SandboxProtocolError';

  constructor(message: string) {
    super({ code: 'PROTOCOL_ERROR', message: `sandbox protocol error: ${message}` });
  }
}
