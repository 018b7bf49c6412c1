import type { ToolRegistry } from '@toolcell/registry';
import type { SandboxLimits, SandboxTransport } from '@toolcell/sandbox';
import type { EventEmitter } from 'eventemitter3';
import type { UnobservedCall } from './unobserved-call.js';
import type { CodeModeEvents } from './code-mode-events.js';
import type { CodeModeSessions } from './code-mode-sessions.js';
import type { CodeModeRuntime } from './code-mode-runtime.js';
import type { CodeModeDurable } from './durable/code-mode-durable.js';
import type { TokenCounter } from '@toolcell/sdkgen';

/** Resolved cells settings. */
export interface ResolvedCells {
  readonly defaultYieldTimeMs: number;
  readonly onUnobservedCall: ((call: UnobservedCall) => void | Promise<void>) | undefined;
  readonly pushCompletion: boolean;
}

/** Everything the `exec` and `wait` tools share. */
export interface CodeModeContext {
  readonly registry: ToolRegistry;
  readonly runtime: CodeModeRuntime;
  readonly transport: SandboxTransport;
  /** The limits of every program, resolved once: sent with each run and stated by the `exec` description. */
  readonly limits: SandboxLimits;
  readonly maxOutputTokens: number;
  /** The host's counter; `undefined` for sdkgen's o200k one, loaded when an answer first needs counting. */
  readonly countTokens: TokenCounter | undefined;
  /** `undefined` when cells are off. */
  readonly cells: ResolvedCells | undefined;
  /** One session per scope (cells, stored values). */
  readonly sessions: CodeModeSessions;
  readonly events: EventEmitter<CodeModeEvents>;
  /** `undefined` without a durable store. */
  readonly durable: CodeModeDurable | undefined;
}
