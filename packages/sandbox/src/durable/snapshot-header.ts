import type { SnapshotIdentity } from '../contract/durable-program.js';
import type { OutputItem } from '../contract/output-item.js';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import type { SandboxLimits } from '../contract/sandbox-limits.js';
import type { EngineToolCall } from '../guest/engine-tool-call.js';
import type { GuestTimersState } from '../guest/guest-timers.js';
import type { OutputBudgetState } from '../shared/output-budget.js';
import type { BuildFingerprint } from './build-fingerprint.js';

/** A compressed memory region of a snapshot. */
export interface SealedRegion {
  /** Byte offset in the linear memory. */
  readonly start: number;
  /** Its size in memory. */
  readonly bytes: number;
  /** Its size compressed, in the snapshot. */
  readonly sealedBytes: number;
}

/**
 * Everything a resume needs and checks before it writes a byte of the memory: the header of
 * a sealed snapshot, JSON, covered by its MAC.
 */
export interface SnapshotHeader {
  readonly build: BuildFingerprint;
  /** The realm's wiring (`GuestRealm.wiring`). */
  readonly wiring: string;
  readonly identity: SnapshotIdentity;
  /** When it was sealed and when it expires, in ms since the epoch. */
  readonly sealedAt: number;
  readonly expiresAt: number;
  /** The program's bindings, in order (the guest numbers them by place). */
  readonly bindings: readonly SandboxBinding[];
  readonly limits: SandboxLimits;
  /** The calls waiting for answers. */
  readonly parked: readonly EngineToolCall[];
  /** Calls issued so far. */
  readonly issued: number;
  readonly timers: GuestTimersState;
  /** Guest CPU time used so far (counts against `cpuBudgetMs`). */
  readonly cpuMs: number;
  /** Wall time the watchdog counted so far (not while calls were in flight): the next round's watchdog goes on from it. */
  readonly watchdogMs: number;
  /** Wall time of the earlier rounds, for the stats. */
  readonly wallMs: number;
  /** The output budget spent so far, and the output produced so far. */
  readonly budget: OutputBudgetState;
  readonly output: readonly OutputItem[];
  /** The stored values now (JSON of an object), when cells are on. */
  readonly storedJson?: string;
  /** The memory's size when sealed: the restoring instance starts at least this large. */
  readonly memoryBytes: number;
  readonly regions: readonly SealedRegion[];
  /** Set when the regions are the difference from the prepared realm's memory with this digest (see `LiveMemory.baseline`). */
  readonly baseline?: string;
}
