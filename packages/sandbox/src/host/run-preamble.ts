import type { ProgramError, ProgramResult } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { programErrors } from '../shared/program-errors.js';
import { utf8Length } from '../shared/utf8-length.js';
import { failedResult } from './build-program-result.js';
import { storedValuesJson } from './stored-values.js';

/** A run that may go ahead: its limits, when it started, and the cells snapshot to send. */
export interface AdmittedRun {
  readonly admitted: true;
  /** `performance.now()` when the run was asked for, for `wallMs`. */
  readonly startedAt: number;
  readonly limits: SandboxLimits;
  /** JSON of the cells snapshot, when cells are on. */
  readonly storedJson: string | undefined;
}

/** A run refused before it started, with the result to answer. */
export interface RefusedRun {
  readonly admitted: false;
  readonly result: ProgramResult;
}

/** What a transport tells {@link runPreamble} about itself. */
export interface RunPreambleOptions {
  /** The transport's limits for this request (its defaults under the request's own). */
  resolveLimits(requestLimits: RunProgramRequest['limits']): SandboxLimits;
  /** Whether the transport is closed. */
  readonly closed: boolean;
}

/**
 * What every transport does before a program runs, in one order: resolve the limits (a
 * `ConfigurationError` rejects the run), then refuse a closed transport, an aborted request
 * and an oversized source with a failed result; then snapshot the cells.
 */
export function runPreamble(request: RunProgramRequest, options: RunPreambleOptions): AdmittedRun | RefusedRun {
  const startedAt = performance.now();
  const limits = options.resolveLimits(request.limits);
  if (options.closed) return refusedRun(programErrors.closed(), startedAt);
  if (request.signal?.aborted) return refusedRun(programErrors.cancelled(), startedAt);
  const sourceBytes = utf8Length(request.source);
  if (sourceBytes > limits.sourceBytes) return refusedRun(programErrors.sourceLimit(sourceBytes, limits), startedAt);
  return { admitted: true, startedAt, limits, storedJson: storedValuesJson(request.cells) };
}

/** A run that failed before the guest started: no output, no CPU time, no tool calls. */
export function failedBeforeStart(error: ProgramError, startedAt: number): ProgramResult {
  return failedResult(error, [], { startedAt, cpuMs: 0, toolCalls: 0 });
}

function refusedRun(error: ProgramError, startedAt: number): RefusedRun {
  return { admitted: false, result: failedBeforeStart(error, startedAt) };
}
