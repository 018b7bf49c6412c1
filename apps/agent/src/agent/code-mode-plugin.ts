import { CodeMode } from '@toolcell/codemode';
import type { DurableStore } from '@toolcell/durable-store';
import type { ToolRuntime } from '@toolcell/executor';
import type { ToolRegistry } from '@toolcell/registry';
import type { SandboxLimits, SealKeys } from '@toolcell/sandbox';
import { createChildProcessTransport } from '@toolcell/sandbox/node';
import type { AgentSettings } from '../config/agent-settings.js';
import type { SandboxSettings } from '../config/toolcell-config.js';
import { SANDBOX_SETTING_NAMES } from '../config/toolcell-config.js';
import type { SandboxWarmUp, SandboxWarmUpOptions } from './sandbox-warm-up.js';
import { warmUpSandbox } from './sandbox-warm-up.js';

/** Cells that may run at once in one CLI session; each holds one sandbox process. */
export const MAX_RUNNING_CELLS = 2;

/**
 * Programs that wait for approvals in a store: when every call a program has in flight
 * waits for a decision nobody can make now, its cell is suspended into the store, and
 * `toolcell approvals` decides them from any process.
 */
export interface DurableCellSettings {
  readonly store: DurableStore;
  readonly keys: SealKeys;
  /**
   * The code-mode session of every scope: a run's session id, so another process finds its
   * cells (default: each scope its own, as `toolcell mcp-server` keeps its clients apart).
   */
  readonly session?: string;
}

/** Code Mode as installed in one agent runtime. */
export interface CodeModeInstallation {
  readonly codeMode: CodeMode;
  /**
   * Run warm-up programs in the sandbox process, one after another (see
   * {@link warmUpSandbox}): for a host that has the time while the model writes its first
   * reply. A program started meanwhile waits for the warm-up's current one.
   */
  warmUp(options: SandboxWarmUpOptions): Promise<SandboxWarmUp>;
  /** End every running program, then stop the sandbox processes and reap them. */
  shutdown(): Promise<void>;
}

/**
 * The sandbox limits the configuration sets, each under its own name (the rest keep the
 * sandbox's defaults). Only the known settings are taken, so nothing else reaches the sandbox.
 */
export function sandboxLimits(settings: SandboxSettings): Partial<SandboxLimits> {
  return Object.fromEntries(SANDBOX_SETTING_NAMES.flatMap((name) => (settings[name] === undefined ? [] : [[name, settings[name]]])));
}

/**
 * The one place Code Mode plugs into the app: `exec` (and `wait` with cells) registered
 * in the registry, each program run in a pooled child process with the configured limits,
 * and every `tools.<name>()` call re-entering the same runtime.
 *
 * @throws ConfigurationError when a sandbox limit cannot work.
 */
export async function installCodeMode(options: {
  readonly registry: ToolRegistry;
  readonly runtime: ToolRuntime;
  readonly settings: AgentSettings;
  /** Suspend programs that wait for approvals into a durable store (this turns cells on). */
  readonly durable?: DurableCellSettings;
}): Promise<CodeModeInstallation> {
  const limits = sandboxLimits(options.settings.sandbox);
  const durable = options.durable;
  // A suspended program is a cell that outlives the turn: durable programs need cells.
  const cellsOn = options.settings.cells || durable !== undefined;
  // Without cells a CLI session runs one program at a time: one warm process, started while
  // the model thinks. With cells, one process per running cell, so a program is never held
  // in the sandbox's queue while Code Mode reports it running; one more is refused with the
  // list of live cells.
  const processes = cellsOn ? MAX_RUNNING_CELLS : 1;
  const transport = createChildProcessTransport({ limits, pool: { size: processes } });
  // In push mode the loop delivers a yielded cell's news as a message, so the `wait`
  // description tells the model it may end its turn instead of waiting.
  const cells = cellsOn && { maxLiveCells: MAX_RUNNING_CELLS, pushCompletion: options.settings.cellCompletion === 'push' };
  const codeMode = new CodeMode({
    registry: options.registry,
    runtime: options.runtime,
    transport,
    limits,
    cells,
    ...(durable === undefined
      ? {}
      : {
          ...(durable.session === undefined ? {} : { sessionKey: () => durable.session! }),
          // Decisions come from `toolcell approvals`, another process; this one resumes on `wait` or `--resume`.
          durable: { store: durable.store, keys: durable.keys, autoResume: false },
        }),
  });
  codeMode.install();
  return {
    codeMode,
    warmUp: (warmUpOptions) => warmUpSandbox(transport, warmUpOptions),
    async shutdown() {
      // Children are unref'd so an idle pool never keeps the app alive; while they are being
      // reaped, this timer does, so the CLI cannot exit (or drain its event loop) before them.
      const keepAlive = setInterval(() => {}, 60_000);
      try {
        await codeMode.shutdown();
      } finally {
        // Resolves once every child process has exited and been reaped.
        await transport.close().finally(() => clearInterval(keepAlive));
      }
    },
  };
}
