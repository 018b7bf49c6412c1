import type { ProgramError } from '../contract/program-result.js';
import type { GuestEvent } from '../shared/guest-events.js';

/** A tool call as the engine reports it: the input stays JSON text until a transport needs it. */
export interface EngineToolCall {
  readonly id: number;
  readonly jsName: string;
  readonly inputJson: string;
  /** The program ended before the call was sent (see `GuestToolCall.unawaited`). */
  readonly unawaited?: true;
}

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
