import type { JsonValue, SnapshotErrorCode } from '@toolcell/core';
import type { GuestToolResponse } from './guest-tool-call.js';
import type { OutputItem } from './output-item.js';
import type { ProgramResult, ProgramStats } from './program-result.js';
import type { RunProgramRequest } from './run-program-request.js';

/** A key that seals snapshots: HMAC-SHA256 with `secret` (at least 32 bytes), named by `id` in every snapshot it seals. */
export interface SealKey {
  /** A short name (1–64 printable ASCII characters), stored in the clear so a resume picks the key. */
  readonly id: string;
  /** The secret: at least 32 bytes (a string counts as its UTF-8 bytes). */
  readonly secret: string | Uint8Array;
}

/** The host's seal keys: new snapshots are sealed with `current`; `previous` ones still open older snapshots (key rotation). */
export interface SealKeys {
  readonly current: SealKey;
  readonly previous?: readonly SealKey[];
}

/** Whose a snapshot is: a resume must name the same scope, session and cell. */
export interface SnapshotIdentity {
  readonly scope: string;
  readonly session?: string;
  readonly cell?: string;
}

/** Why a durable program that could have been suspended was not (it keeps running in memory). Plain data. */
export interface SuspendRefusal {
  readonly code: Extract<SnapshotErrorCode, 'SNAPSHOT_TOO_LARGE'>;
  readonly message: string;
  /** The sealed size it would have had. */
  readonly sealedBytes: number;
  readonly maxSnapshotBytes: number;
}

/** What makes a run durable. */
export interface DurableRunOptions {
  /** The keys that seal (and open) its snapshots. */
  readonly keys: SealKeys;
  /** Whose program it is: stored in its snapshots, checked when they are resumed. */
  readonly identity: SnapshotIdentity;
  /** How long a snapshot may be resumed after it is sealed, in ms (default 24 hours). */
  readonly ttlMs?: number;
  /**
   * Called when the program reached a park point but its snapshot would be over
   * `maxSnapshotBytes`: it keeps running in this process, and its parked calls wait for
   * answers here, through `answer` (the calls are listed in `parked`).
   */
  onSuspendRefused?(refusal: SuspendRefusal, parked: readonly ParkedCall[], answer: (id: number, response: GuestToolResponse) => void): void;
}

/** A tool call the host answered with {@link GuestToolParked}: it waits for its answer in the snapshot. */
export interface ParkedCall {
  readonly id: number;
  readonly jsName: string;
  readonly input: JsonValue;
}

/** A durable program stopped at a park point. */
export interface SuspendedProgramResult {
  readonly status: 'suspended';
  /** The sealed snapshot: store it, and pass it to `resume` with answers. */
  readonly snapshot: Uint8Array;
  /** Its calls waiting for answers, in the order they were issued. */
  readonly parked: readonly ParkedCall[];
  /** Everything it produced so far (in every round). */
  readonly output: OutputItem[];
  readonly stats: ProgramStats;
  /** When the snapshot expires, in ms since the epoch. */
  readonly expiresAt: number;
}

/** How a durable run ended: completed, failed, or suspended. */
export type DurableProgramResult = ProgramResult | SuspendedProgramResult;

/** A program run durably: a call the host parks may suspend it. */
export interface DurableRunRequest extends RunProgramRequest {
  readonly durable: DurableRunOptions;
}

/** The answer to one parked call. */
export interface ParkedCallAnswer {
  readonly id: number;
  readonly response: GuestToolResponse;
}

/** What a host checks before it acts on a suspended program's decided calls: the snapshot would open for this resume. */
export type CheckSnapshotRequest = Pick<ResumeProgramRequest, 'snapshot' | 'durable' | 'maxSnapshotBytes'>;

/** Resume a suspended program from its sealed snapshot. */
export interface ResumeProgramRequest extends Omit<RunProgramRequest, 'source' | 'bindings' | 'limits'> {
  /** The sealed snapshot a suspended run returned (it holds the source, bindings and limits). */
  readonly snapshot: Uint8Array;
  /** Receives each output item the resumed program produces (they are also in the result). */
  onOutput?(item: OutputItem): void;
  /** Answers for some or all of its parked calls; calls left unanswered stay parked. */
  readonly answers: readonly ParkedCallAnswer[];
  /** The keys, the identity the caller resumes for (it must be the snapshot's), and how later snapshots are sealed. */
  readonly durable: DurableRunOptions;
  /** The largest snapshot this host opens (default: the transport's `maxSnapshotBytes`). */
  readonly maxSnapshotBytes?: number;
}
