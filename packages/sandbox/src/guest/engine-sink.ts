import type { ProgramError } from '../contract/program-result.js';
import type { GuestEvent } from '../shared/guest-events.js';
import type { SuspendRefusal } from '../contract/durable-program.js';
import type { OutputBudgetState } from '../shared/output-budget.js';
import type { EngineToolCall } from './engine-tool-call.js';
import type { GuestTimersState } from './guest-timers.js';
import type { LiveMemory } from './live-memory.js';
import type { PendingDelivery, ToolCallLedgerState } from './tool-call-ledger.js';

/**
 * Where the engine sends what the guest does: the host side (the in-process transport, or
 * the guest server writing frames for its parent). Called synchronously; must not throw.
 */
export interface EngineSink {
  toolBatch(calls: readonly EngineToolCall[]): void;
  /** Everything else the guest tells its host: the switchboard's events (shared/guest-events.ts). */
  event(event: GuestEvent): void;
  /**
   * Called now and then while a turn runs (from QuickJS's interrupt handler, which the
   * interpreter polls as it executes): a host that queues what it is told until the turn
   * ends can hand it over here, while the program keeps computing.
   */
  duringTurn?(): void;
}

/** What a durable program is, at its park point, for the seal: its memory and the host-side state that goes with it. */
export interface RunCapture {
  readonly live: LiveMemory;
  /** The realm's wiring (`GuestRealm.wiring`): a resuming realm must have the same. */
  readonly wiring: string;
  readonly calls: ToolCallLedgerState;
  readonly timers: GuestTimersState;
  readonly cpuMs: number;
  /** Wall time the watchdog counted so far (`cpuBudgetMs + watchdogGraceMs` bounds it over every round). */
  readonly watchdogMs: number;
  readonly output: OutputBudgetState;
  /** The stored values now (JSON of an object), when cells are on. */
  readonly storedJson?: string;
}

/** The outcome of sealing a {@link RunCapture}: the snapshot, or why there is none. */
export type SealAttempt = { readonly sealed: Uint8Array } | { readonly refused: SuspendRefusal };

/** How a durable program is sealed. Both are called synchronously, between turns. */
export interface RunDurability {
  seal(capture: RunCapture): SealAttempt;
  /** The program keeps running in memory: tell the host why it was not suspended, and which calls wait for answers. */
  refused(refusal: SuspendRefusal, parked: readonly EngineToolCall[]): void;
}

/** A suspended program to resume, its memory already in the realm. */
export interface SuspendedRun {
  readonly calls: ToolCallLedgerState;
  readonly timers: GuestTimersState;
  readonly cpuMs: number;
  /** Wall time the watchdog counted in the earlier rounds. */
  readonly watchdogMs: number;
  readonly output: OutputBudgetState;
  /** Answers for some of its parked calls. */
  readonly answers: readonly PendingDelivery[];
  /** Set when it resumes in memory after its suspension was refused: it is not suspended again until another call is parked. */
  readonly refusedAtParked?: number;
}

/** How a durable program ended or stopped, as the engine knows it. */
export interface DurableEngineOutcome extends Omit<EngineOutcome, 'status'> {
  /** `suspended`: stopped at a park point with a sealed snapshot. */
  readonly status: EngineOutcome['status'] | 'suspended';
  /** The sealed snapshot of a suspended program. */
  readonly sealed?: Uint8Array;
  /** The calls parked in it. */
  readonly parked?: readonly EngineToolCall[];
}

/** How a program ended, as the engine knows it. */
export interface EngineOutcome {
  readonly status: 'completed' | 'failed';
  readonly returnJson?: string;
  readonly error?: ProgramError;
  readonly cpuMs: number;
  readonly toolCalls: number;
  /** Whether the QuickJS module (and so its process) may run another program. */
  readonly reusable: boolean;
}
