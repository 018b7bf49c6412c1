import type { JsonValue } from '@toolcell/core';
import type { CheckSnapshotRequest, DurableProgramResult, DurableRunOptions, ParkedCall, ResumeProgramRequest } from '../contract/durable-program.js';
import type { OutputItem } from '../contract/output-item.js';
import type { ProgramError } from '../contract/program-result.js';
import type { RunProgramRequest } from '../contract/run-program-request.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import { buildFingerprint } from '../durable/build-fingerprint.js';
import { sealPrimitives } from '../durable/node-primitives.js';
import { SnapshotError } from '../durable/snapshot-error.js';
import type { SnapshotHeader } from '../durable/snapshot-header.js';
import { checkSnapshot, readSnapshot, sealCompressed } from '../durable/snapshot-seal.js';
import type { CompressedMemory, ReadSnapshot } from '../durable/snapshot-seal.js';
import type { RunCapture, SealAttempt, SuspendedRun } from '../guest/engine-sink.js';
import type { EngineToolCall } from '../guest/engine-tool-call.js';
import type { PendingDelivery } from '../guest/tool-call-ledger.js';
import { completedResult, outcomeResult } from './build-program-result.js';
import { encodeToolResponse } from './tool-dispatch.js';

// What every transport does around one round of a durable program, wherever its engine runs:
// seal a capture into a snapshot, open a snapshot for a resume, and build the round's result.

/** A snapshot may be resumed for this long by default: 24 hours. */
export const DEFAULT_SNAPSHOT_TTL_MS = 24 * 60 * 60 * 1000;

/** A parked call as the host sees it. */
export function parkedCall(call: EngineToolCall): ParkedCall {
  return { id: call.id, jsName: call.jsName, input: JSON.parse(call.inputJson) as JsonValue };
}

/** One round of a durable program: what its seal and its result need to know. */
export interface DurableRound {
  readonly request: RunProgramRequest & { readonly durable: DurableRunOptions };
  readonly bindings: readonly SandboxBinding[];
  readonly limits: SandboxLimits;
  readonly startedAt: number;
  /** Wall time of the earlier rounds. */
  readonly earlierWallMs: number;
  /** The output of every round so far. */
  readonly output: OutputItem[];
  /** When the snapshot sealed in this round expires (set by {@link sealRound}). */
  expiresAt: number;
}

/** A resume, checked: its round, the snapshot (its memory still compressed: `inflateSnapshot` decompresses it), and the state the engine resumes with. */
export interface OpenedRound extends ReadSnapshot {
  readonly round: DurableRound;
  readonly suspended: SuspendedRun;
}

/** A capture without its memory: the memory comes compressed (by this thread or by a sandbox peer). */
export type CaptureState = Omit<RunCapture, 'live'>;

/** Seal a round's capture under the round's keys and `maxSnapshotBytes`. */
export function sealRound(round: DurableRound, capture: CaptureState, memory: CompressedMemory): SealAttempt {
  const { request, limits } = round;
  const now = Date.now();
  round.expiresAt = now + (request.durable.ttlMs ?? DEFAULT_SNAPSHOT_TTL_MS);
  const header: Omit<SnapshotHeader, 'regions' | 'memoryBytes'> = {
    build: buildFingerprint(),
    wiring: capture.wiring,
    identity: request.durable.identity,
    sealedAt: now,
    expiresAt: round.expiresAt,
    bindings: round.bindings,
    limits,
    parked: capture.calls.parked,
    issued: capture.calls.issued,
    timers: capture.timers,
    cpuMs: capture.cpuMs,
    watchdogMs: capture.watchdogMs,
    wallMs: round.earlierWallMs + (performance.now() - round.startedAt),
    budget: capture.output,
    output: round.output,
    ...(capture.storedJson === undefined ? {} : { storedJson: capture.storedJson }),
  };
  return sealCompressed(header, memory, request.durable.keys, limits.maxSnapshotBytes);
}

/** `checkSnapshot` of a transport: the checks `openRound` makes before it reads memory. */
export function checkResumable(request: CheckSnapshotRequest, maxBytes: number): void {
  checkSnapshot(request.snapshot, { keys: request.durable.keys, identity: request.durable.identity, maxBytes, now: Date.now(), build: buildFingerprint() });
}

/**
 * Check a resume's snapshot (throws {@link SnapshotError}) and encode its answers; answers
 * `{ parked: true }` leave their calls parked.
 */
export function openRound(request: ResumeProgramRequest, maxBytes: number, startedAt: number): OpenedRound {
  const opened = readSnapshot(request.snapshot, {
    keys: request.durable.keys,
    identity: request.durable.identity,
    maxBytes,
    now: Date.now(),
    build: buildFingerprint(),
    answerIds: request.answers.map((answer) => answer.id),
  });
  const { header } = opened;
  const parked = new Map(header.parked.map((call) => [call.id, parkedCall(call)]));
  const answers: PendingDelivery[] = request.answers
    .filter((answer) => !(typeof answer.response === 'object' && answer.response !== null && (answer.response as { parked?: unknown }).parked === true))
    .map(({ id, response }) => ({ id, ...encodeToolResponse(response, parked.get(id) as ParkedCall, header.limits) }));
  const round: DurableRound = {
    request: { ...request, source: '', bindings: header.bindings },
    bindings: header.bindings,
    limits: header.limits,
    startedAt,
    earlierWallMs: header.wallMs,
    output: [...header.output],
    expiresAt: 0,
  };
  const suspended: SuspendedRun = {
    calls: { issued: header.issued, parked: header.parked },
    timers: header.timers,
    cpuMs: header.cpuMs,
    watchdogMs: header.watchdogMs,
    output: header.budget,
    answers,
  };
  return { ...opened, round, suspended };
}

/** The refusal of a snapshot whose realm wiring is not this host's (`found`). */
export function wiringMismatchError(sealed: string, found: string): SnapshotError {
  const { sha256Hex } = sealPrimitives();
  return new SnapshotError({
    code: 'SNAPSHOT_BUILD_MISMATCH',
    message: `its realm wiring (sha256 ${sha256Hex(sealed).slice(0, 16)}) differs from this host's (sha256 ${sha256Hex(found).slice(0, 16)}): the QuickJS build or the prelude prepares realms differently here`,
  });
}

/** How a round ended, wherever its engine ran. */
export interface RoundOutcome {
  readonly status: 'completed' | 'failed' | 'suspended';
  readonly returnJson?: string;
  readonly error?: ProgramError;
  readonly cpuMs: number;
  readonly toolCalls: number;
  /** The sealed snapshot and its parked calls, when suspended. */
  readonly sealed?: Uint8Array;
  readonly parked?: readonly EngineToolCall[];
}

/** The result of a round: the stats count every round's wall time. */
export function roundResult(outcome: RoundOutcome, round: DurableRound): DurableProgramResult {
  const figures = { startedAt: round.startedAt - round.earlierWallMs, cpuMs: outcome.cpuMs, toolCalls: outcome.toolCalls };
  if (outcome.status === 'suspended' && outcome.sealed !== undefined) {
    const stats = completedResult(undefined, round.output, figures).stats;
    return { status: 'suspended', snapshot: outcome.sealed, parked: (outcome.parked ?? []).map(parkedCall), output: round.output, stats, expiresAt: round.expiresAt };
  }
  return outcomeResult(outcome, round.output, figures);
}
