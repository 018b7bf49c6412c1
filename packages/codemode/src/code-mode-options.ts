import type { CodeModeRuntime } from './code-mode-runtime.js';
import type { ToolRegistry } from '@toolcell/registry';
import type { SandboxLimits, SandboxTransport } from '@toolcell/sandbox';
import type { SessionKey } from './code-mode-sessions.js';
import type { TokenCounter } from '@toolcell/sdkgen';
import type { CodeModeDurableOptions } from './durable/code-mode-durable.js';
import type { UnobservedCall } from './unobserved-call.js';


/** Settings of cells (long-running programs with `wait`, `yield_control`, stored values). */
export interface CellsOptions {
  /** How long `exec` and `wait` wait before returning a running cell (default 10,000 ms, at most one hour; the pragma and `wait`'s `yield_time_ms` override). */
  readonly defaultYieldTimeMs?: number;
  /** Cells alive at once (default 16). */
  readonly maxLiveCells?: number;
  /**
   * Set when the host tells the model about cell news itself (`cell-update` →
   * `takeCellReport` → a message): the `wait` description then says the model may end its
   * turn instead of waiting. Default `false`.
   */
  readonly pushCompletion?: boolean;
  /**
   * Decides what happens to a tool call from a cell whose agent turn has ended (nobody is
   * observing it). Resolve to let it run now; return a promise that resolves later to hold
   * it (e.g. until the next turn); throw to fail it with `DENIED`. Default: run at once.
   * The call still goes through the same runtime and policy either way.
   */
  readonly onUnobservedCall?: (call: UnobservedCall) => void | Promise<void>;
}

/** Options of {@link CodeMode}. */
export interface CodeModeOptions {
  /** The registry `exec` (and `wait`) are registered in; bindings come from its plans. */
  readonly registry: ToolRegistry;
  /** The runtime every nested call re-enters (`ToolRuntime` from @toolcell/executor). */
  readonly runtime: CodeModeRuntime;
  /** Where programs run (`createChildProcessTransport()` from `@toolcell/sandbox/node`, or in-process). */
  readonly transport: SandboxTransport;
  /**
   * Sandbox limits of every program, over the sandbox's defaults, under the sandbox's
   * names. Resolved and checked once, here (`new CodeMode` throws `ConfigurationError`
   * for a limit out of its range); the `exec` description states the result. With cells,
   * `maxStoredBytes` caps the stored values one cell may hold (its snapshot plus its own
   * writes; default 1 MiB), checked in the guest at each `store`.
   */
  readonly limits?: Partial<SandboxLimits>;
  /** Default token cap of a result the model receives (default 10,000; the pragma overrides). */
  readonly maxOutputTokens?: number;
  /** Enable cells: `true` for defaults, or settings. Off: no `wait`, no yield, no stored values. */
  readonly cells?: boolean | CellsOptions;
  /**
   * Which session (cells and stored values) a scope uses. Default: its own, keyed by
   * `scope.id`, so a subagent can observe, end, load or overwrite nothing of another
   * scope's. Return the same key for several scopes only to share on purpose, e.g.
   * `(scope) => (scope.id === 'helper' ? 'root' : scope.id)`. Dropping a scope
   * (`registry.dropScope`) ends the session its key names, shared or not.
   */
  readonly sessionKey?: SessionKey;
  /**
   * Token counter for truncation (default: sdkgen's o200k counter, loaded on the first
   * answer that needs counting). Answers with no more UTF-8 bytes than the budget has
   * tokens are never counted, so it must count at most one token per byte.
   */
  readonly countTokens?: TokenCounter;
  /**
   * Back cells with a durable store: when every call a program has in flight is parked (the
   * runtime's approval handler answered `defer`), its cell is suspended into the store and
   * `exec`/`wait` answer `awaiting_approval` with every pending approval; `wait` resumes it
   * once they are decided, in this or any process with the same store and keys. Needs
   * `cells`, a transport that runs durable programs, and a runtime with `cancel`
   * (`ToolRuntime`). See {@link CodeMode.durable}.
   */
  readonly durable?: CodeModeDurableOptions;
}
