import { CodeMode } from '@toolcell/codemode';
import type { ToolRuntime } from '@toolcell/executor';
import type { ToolRegistry } from '@toolcell/registry';
import type { SandboxLimits } from '@toolcell/sandbox';
import { createChildProcessTransport } from '@toolcell/sandbox/node';
import type { AgentSettings } from '../config/agent-settings.js';
import type { SandboxSettings } from '../config/toolcell-config.js';

/** Code Mode as installed in one agent runtime. */
export interface CodeModeInstallation {
  readonly codeMode: CodeMode;
  /** End every running program, then stop the sandbox processes and reap them. */
  shutdown(): Promise<void>;
}

/** The sandbox limits the configuration sets (the rest keep the sandbox's defaults). */
export function sandboxLimits(settings: SandboxSettings): Partial<SandboxLimits> {
  return {
    ...(settings.cpuBudgetMs === undefined ? {} : { cpuBudgetMs: settings.cpuBudgetMs }),
    ...(settings.memoryBytes === undefined ? {} : { memoryBytes: settings.memoryBytes }),
    ...(settings.stackBytes === undefined ? {} : { stackBytes: settings.stackBytes }),
    ...(settings.maxOutputChars === undefined ? {} : { maxTextChars: settings.maxOutputChars }),
  };
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
}): Promise<CodeModeInstallation> {
  const limits = sandboxLimits(options.settings.sandbox);
  // One warm process: a CLI session runs one program at a time, and it starts while the model thinks.
  const transport = createChildProcessTransport({ limits, pool: { size: 1 } });
  // In push mode the loop delivers a yielded cell's news as a message, so the `wait`
  // description tells the model it may end its turn instead of waiting.
  const cells = options.settings.cells && { pushCompletion: options.settings.cellCompletion === 'push' };
  const codeMode = new CodeMode({ registry: options.registry, runtime: options.runtime, transport, limits, cells });
  codeMode.install();
  return {
    codeMode,
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
