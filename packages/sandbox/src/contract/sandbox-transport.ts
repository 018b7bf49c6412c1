import type { ProgramResult } from './program-result.js';
import type { RunProgramRequest } from './run-program-request.js';

/**
 * Runs programs. Every implementation gives each program a fresh QuickJS runtime and
 * context and the same guest API.
 */
export interface SandboxTransport {
  /**
   * Run one program to its end. Never rejects for anything the guest does: a failing
   * program resolves a `failed` result with an `EXEC_*` code (after `close()`,
   * `EXEC_CANCELLED`).
   *
   * @throws ConfigurationError when `request.limits` (merged over the transport's) cannot
   *   work or `request.cells.storedValues` is not JSON data, before anything runs.
   */
  run(request: RunProgramRequest): Promise<ProgramResult>;
  /** Stop: running programs end with `EXEC_CANCELLED`, processes are killed. Idempotent. */
  close(): Promise<void>;
}
