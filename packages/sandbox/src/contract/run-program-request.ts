import type { JsonValue } from '@toolcell/core';
import type { GuestToolCall, GuestToolParked, GuestToolResponse } from './guest-tool-call.js';
import type { OutputItem } from './output-item.js';
import type { SandboxBinding } from './sandbox-binding.js';
import type { SandboxLimits } from './sandbox-limits.js';

/**
 * The cells hooks. When present, the guest gets `store(key, value)`, `load(key)`,
 * `yield_control()` and `notify(value)`; when absent, those globals do not exist.
 */
export interface SandboxCells {
  /**
   * The values `load(key)` sees at start. `load` is synchronous in the guest and returns a
   * fresh copy; `store` updates the guest's own map at once, so a program reads its writes.
   */
  readonly storedValues: Readonly<Record<string, JsonValue>>;
  /** Called for each `store(key, value)`, in order. */
  onStore(key: string, value: JsonValue): void;
  /** Called for each `notify(value)`. */
  onNotify(value: JsonValue): void;
  /** Called for each `yield_control()`; the program keeps running. */
  onYield(): void;
}

/** A host callback of {@link RunProgramRequest} that the sandbox calls while a program runs. */
export type HostCallbackName = 'onOutput' | 'onStore' | 'onNotify' | 'onYield';

/**
 * Told when a host callback (`onOutput` or a cells hook) throws. The program goes on as if
 * the callback had returned: the error is the host's, not the program's. The same policy
 * as the executor's `onListenerError`.
 */
export type CallbackErrorReporter = (error: unknown, context: { readonly callback: HostCallbackName }) => void;

/** One program to run. */
export interface RunProgramRequest {
  /** The program: the body of an async function (top-level `await` and `return` work). */
  readonly source: string;
  /** The tools the guest may call; `tools` has exactly these keys. */
  readonly bindings: readonly SandboxBinding[];
  /** Limits for this run, over the transport's limits and the defaults. */
  readonly limits?: Partial<SandboxLimits>;
  /** Aborting ends the run with `EXEC_CANCELLED` (a child process is killed). */
  readonly signal?: AbortSignal;
  /**
   * Receives the tool calls of one guest turn (one drain of its job queue) as one batch,
   * so a `Promise.all` arrives together and read-only calls can run in parallel. Return
   * one promise per call, in order; each guest promise settles when its response arrives,
   * then the guest's pending jobs run. A promise that rejects, or a missing one, fails that
   * call with `EXECUTION_FAILED`. Calls still pending when the program ends are the host's
   * to cancel; settling them later is harmless.
   */
  onToolBatch(calls: readonly GuestToolCall[]): ReadonlyArray<Promise<GuestToolResponse | GuestToolParked>>;
  /** Receives each output item as it is produced (they are also in the result). */
  onOutput?(item: OutputItem): void;
  /** Enables the cells globals; see {@link SandboxCells}. */
  readonly cells?: SandboxCells;
  /** Where a throwing `onOutput` or cells hook is reported (default: `console.error`); the program goes on. */
  readonly onCallbackError?: CallbackErrorReporter;
}
