import type { CheckSnapshotRequest, DurableProgramResult, DurableRunRequest, ResumeProgramRequest } from './durable-program.js';
import type { ProgramResult } from './program-result.js';
import type { RunProgramRequest } from './run-program-request.js';
import type { SandboxLimits } from './sandbox-limits.js';

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
  /**
   * The limits a run with these `limits` in its request gets: the defaults, then the
   * transport's own limits, then these, checked under the transport's rules. A host
   * resolves once (codemode does when it is built) to fail early and to tell the model
   * exactly what is enforced.
   *
   * @throws ConfigurationError (`limits.<name>`) for an unknown limit or one out of range
   *   (see `SANDBOX_LIMIT_BOUNDS`; in process, the stack is at most 256 KiB).
   */
  resolveLimits(limits?: Partial<SandboxLimits>): SandboxLimits;
  /** Stop: running programs end with `EXEC_CANCELLED`, processes are killed. Idempotent. */
  close(): Promise<void>;
}

/**
 * A transport that also runs durable programs: a program whose calls in flight are all
 * parked by the host is suspended into a sealed snapshot, and resumed later from it, with
 * answers, in this or any other process of the same build.
 */
export interface DurableSandboxTransport extends SandboxTransport {
  /**
   * Run a durable program: like `run`, and a call the host answers `{ parked: true }` is
   * parked; once every call in flight is parked and no job is runnable, the run ends
   * `suspended` with a sealed snapshot (its instance is reset for the next program).
   *
   * @throws ConfigurationError for unusable seal keys or limits, or where durable programs
   *   are not supported (no Node built-ins).
   */
  runDurable(request: DurableRunRequest): Promise<DurableProgramResult>;
  /**
   * Resume a suspended program with answers for some or all of its parked calls; it runs on
   * exactly where it stopped, and may be suspended again.
   *
   * @throws SnapshotError when the snapshot is refused (another build, a wrong MAC, another
   *   scope, expired, too large, malformed, answers for calls it did not park); the snapshot
   *   stays usable for a correct resume.
   */
  resume(request: ResumeProgramRequest): Promise<DurableProgramResult>;
  /**
   * Check, running nothing, that a snapshot would open for a resume here: its seal (key and
   * MAC), build, identity and expiry. A host calls it before it runs the calls decided while
   * the program was suspended, so no call runs for a program that cannot go on.
   *
   * @throws SnapshotError for the first check that fails (as `resume` would).
   */
  checkSnapshot(request: CheckSnapshotRequest): void;
}
