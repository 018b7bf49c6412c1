import type { FreeformToolDefinition, FunctionToolDefinition, JsonValue } from '@toolcell/core';
import { ConfigurationError } from '@toolcell/core';
import { resolveSandboxLimits } from '@toolcell/sandbox';
import { countTokens } from '@toolcell/sdkgen';
import { EventEmitter } from 'eventemitter3';
import type { CodeModeContext, ResolvedCells } from './code-mode-context.js';
import type { CodeModeEvents } from './code-mode-events.js';
import type { CellsOptions, CodeModeOptions } from './code-mode-options.js';
import { CodeModeSession } from './code-mode-session.js';
import { toExecLimits } from './exec-limits.js';
import { createExecTool } from './exec-tool.js';
import { createWaitTool } from './wait-tool.js';

const DEFAULT_MAX_OUTPUT_TOKENS = 10_000;
const DEFAULT_YIELD_TIME_MS = 10_000;
const DEFAULT_MAX_LIVE_CELLS = 16;
const DEFAULT_MAX_STORED_BYTES = 1024 * 1024;

function positiveInteger(value: number | undefined, setting: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ConfigurationError({ setting, message: `must be a positive integer; got ${String(value)}.` });
  }
  return value;
}

/**
 * Code Mode for one agent session: the `exec` control tool (and, with cells, `wait`). A
 * program's `tools.<jsName>(…)` calls re-enter the same runtime with a parent token, so
 * every policy applies to them exactly as to a direct call; `exec` changes who initiates
 * a call, never who executes it.
 *
 * @example
 * {@includeCode ./codemode.examples.ts#CodeMode}
 */
export class CodeMode {
  /** Cell events: `cell-start`, `cell-yield`, `cell-end`, `cell-notify`. */
  readonly events = new EventEmitter<CodeModeEvents>();
  /** The `exec` tool (registered by {@link CodeMode.install}). */
  readonly execTool: FreeformToolDefinition;
  /** The `wait` tool, when cells are on. */
  readonly waitTool: FunctionToolDefinition | undefined;
  private readonly context: CodeModeContext;

  constructor(private readonly options: CodeModeOptions) {
    const cellsOption: CellsOptions | undefined = options.cells === true ? {} : options.cells === false ? undefined : options.cells;
    const cells: ResolvedCells | undefined = cellsOption && {
      defaultYieldTimeMs: positiveInteger(cellsOption.defaultYieldTimeMs, 'codeMode.cells.defaultYieldTimeMs', DEFAULT_YIELD_TIME_MS),
      onUnobservedCall: cellsOption.onUnobservedCall,
    };
    const maxStoredBytes = positiveInteger(cellsOption?.maxStoredBytes, 'codeMode.cells.maxStoredBytes', DEFAULT_MAX_STORED_BYTES);
    // The guest enforces the stored-value cap, where `store` is synchronous and can throw.
    const limits = cells ? { ...options.limits, maxStoredBytes } : { ...options.limits };
    this.context = {
      registry: options.registry,
      executor: options.runtime,
      transport: options.transport,
      limits,
      // Validates the limits now (a ConfigurationError at construction, not at the first exec).
      execLimits: toExecLimits(resolveSandboxLimits(limits)),
      maxOutputTokens: positiveInteger(options.maxOutputTokens, 'codeMode.maxOutputTokens', DEFAULT_MAX_OUTPUT_TOKENS),
      countTokens: options.countTokens ?? countTokens,
      cells,
      session: new CodeModeSession(positiveInteger(cellsOption?.maxLiveCells, 'codeMode.cells.maxLiveCells', DEFAULT_MAX_LIVE_CELLS)),
      events: this.events,
    };
    this.execTool = createExecTool(this.context);
    this.waitTool = cells ? createWaitTool(this.context, cells) : undefined;
  }

  /**
   * Register `exec` (and `wait`) in the registry. The registry declares them only in
   * scopes whose mode is a code mode. Returns a function that unregisters them.
   */
  install(): () => void {
    const { registry } = this.options;
    registry.register(this.execTool);
    if (this.waitTool) registry.register(this.waitTool);
    return () => {
      registry.unregister(this.execTool.name);
      if (this.waitTool) registry.unregister(this.waitTool.name);
    };
  }

  /** A committed stored value of the session (what cells have `store`d and completed). */
  storedValue(key: string): JsonValue | undefined {
    return this.context.session.values.get(key);
  }

  /** Terminate every cell, CPU-bound ones included; later `exec` calls fail clearly. */
  shutdown(): Promise<void> {
    return this.context.session.shutdown();
  }
}
