import { dirname, resolve } from 'node:path';
import type { ToolMode } from '@toolcell/core';
import { ConfigurationError, TOOL_MODES, isToolMode } from '@toolcell/core';
import type { McpServersConfig } from '@toolcell/mcp';
import { parseMcpServersConfig } from '@toolcell/mcp';
import { DEFAULT_DIRECT_CONTROL } from '@toolcell/registry';
import { DEMO_TOOL_NAMES } from '@toolcell/demo-tools';
import type { StoreLocation } from './store-location.js';
import { parseStoreLocation } from './store-location.js';
import type { ApprovePolicy, CellCompletion, ProviderChoice, SandboxSettings, ToolcellConfig } from './toolcell-config.js';
import { APPROVE_POLICIES, CELL_COMPLETIONS, PROVIDER_NAMES } from './toolcell-config.js';

/** Everything a command needs, after the file and the flags are merged. */
export interface AgentSettings {
  readonly workspace: string;
  readonly configFile: string | undefined;
  readonly provider: ProviderChoice;
  readonly model: string | undefined;
  readonly baseUrl: string | undefined;
  readonly contextWindow: number;
  readonly maxTurns: number;
  readonly mode: ToolMode;
  readonly eager: readonly string[];
  readonly directControl: readonly string[];
  readonly search: boolean;
  readonly cells: boolean;
  /** How the loop hears of a yielded cell's news (with cells). */
  readonly cellCompletion: CellCompletion;
  readonly sandbox: SandboxSettings;
  /** The policy of tools not listed in `approvalTools`. */
  readonly approve: ApprovePolicy;
  /** Per-tool policies (empty when `--approve` was given: the flag overrides the file). */
  readonly approvalTools: Readonly<Record<string, ApprovePolicy>>;
  /** MCP servers to import (empty: none). */
  readonly mcpServers: McpServersConfig;
  /**
   * MCP servers the workspace's own configuration names, held back because the user has
   * not consented to them (`--trust-workspace-servers`): listed, never started.
   */
  readonly heldMcpServers: McpServersConfig;
  /** Where durable cells wait for approvals decided later (`--store`, or `store` in a trusted file). */
  readonly store: StoreLocation | undefined;
  /**
   * The `store` of a configuration file inside the workspace, not used: commands that would
   * use a store refuse to run with it (see `trustedStore`) until `--store` says which.
   */
  readonly heldStore: string | undefined;
}

/** Flags that override the file (undefined: not given). */
export interface SettingFlags {
  readonly provider?: string;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly mode?: string;
  readonly approve?: string;
  readonly cells?: boolean;
  readonly cellCompletion?: string;
  readonly maxTurns?: string;
  /** Start the MCP servers of a configuration file inside the workspace. */
  readonly trustWorkspaceServers?: boolean;
  /** A store directory (relative to `cwd`) or a `postgres://` URL. */
  readonly store?: string;
}

/** Defaults of settings neither the file nor a flag sets. */
export const DEFAULTS = { contextWindow: 128_000, maxTurns: 50, approve: 'ask', provider: 'scripted', mode: 'direct', cellCompletion: 'push' } as const;

function oneOf<Value extends string>(value: string, allowed: readonly Value[], setting: string): Value {
  if ((allowed as readonly string[]).includes(value)) return value as Value;
  throw new ConfigurationError({ setting, message: `${JSON.stringify(value)} is not allowed; use one of ${allowed.join(', ')}.` });
}

function knownTools(names: readonly string[], setting: string, keyed = false): readonly string[] {
  names.forEach((name, index) => {
    if (!(DEMO_TOOL_NAMES as readonly string[]).includes(name)) {
      throw new ConfigurationError({
        setting: keyed ? `${setting}.${name}` : `${setting}[${index}]`,
        message: `${JSON.stringify(name)} is not a tool of this agent; use one of ${DEMO_TOOL_NAMES.join(', ')}.`,
      });
    }
  });
  return names;
}

/** Merge a validated configuration with the command-line flags (flags win). */
export function resolveSettings(options: {
  readonly workspace: string;
  readonly config: ToolcellConfig;
  readonly configFile: string | undefined;
  /** Whether the configuration came from a file inside the workspace (default: no). */
  readonly configInWorkspace?: boolean;
  readonly flags: SettingFlags;
  /** What a relative `--store` directory is relative to (default: the workspace). */
  readonly cwd?: string;
}): AgentSettings {
  const { config, flags } = options;
  const servers = parseMcpServersConfig(config.mcpServers ?? {});
  // What a cloned repository supplies starts no process until the user says so.
  const held = (options.configInWorkspace ?? false) && flags.trustWorkspaceServers !== true;
  const mode = flags.mode ?? config.tools?.mode ?? DEFAULTS.mode;
  if (!isToolMode(mode)) oneOf(mode, TOOL_MODES, '--mode');
  const maxTurns = flags.maxTurns === undefined ? (config.maxTurns ?? DEFAULTS.maxTurns) : Number(flags.maxTurns);
  if (!Number.isInteger(maxTurns) || maxTurns < 1) {
    throw new ConfigurationError({ setting: '--max-turns', message: `${JSON.stringify(flags.maxTurns)} is not a positive whole number.` });
  }
  const baseUrl = flags.baseUrl ?? config.baseUrl;
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    throw new ConfigurationError({
      setting: flags.baseUrl === undefined ? 'baseUrl' : '--base-url',
      message: `${JSON.stringify(baseUrl)} is not a URL; use e.g. http://127.0.0.1:8080/v1.`,
    });
  }
  const fileStore = config.store === undefined ? undefined : parseStoreLocation(config.store, dirname(options.configFile ?? options.workspace), 'store');
  // A workspace's author must not choose where its approvals are decided (and who decides them).
  const storeHeld = fileStore !== undefined && (options.configInWorkspace ?? false) && flags.store === undefined;
  const store = flags.store === undefined ? (storeHeld ? undefined : fileStore) : parseStoreLocation(flags.store, options.cwd ?? options.workspace, '--store');
  const approvalTools = config.approvals?.tools ?? {};
  knownTools(Object.keys(approvalTools), 'approvals.tools', true);
  return {
    workspace: resolve(options.workspace),
    configFile: options.configFile,
    provider: flags.provider === undefined ? (config.provider ?? DEFAULTS.provider) : oneOf(flags.provider, PROVIDER_NAMES, '--provider'),
    model: flags.model ?? config.model,
    baseUrl,
    contextWindow: config.contextWindow ?? DEFAULTS.contextWindow,
    maxTurns,
    mode: mode as ToolMode,
    eager: knownTools(config.tools?.eager ?? [], 'tools.eager'),
    directControl: config.tools?.directControl ?? DEFAULT_DIRECT_CONTROL,
    search: config.tools?.search ?? false,
    cells: flags.cells ?? config.tools?.cells ?? false,
    cellCompletion:
      flags.cellCompletion === undefined
        ? (config.tools?.cellCompletion ?? DEFAULTS.cellCompletion)
        : oneOf(flags.cellCompletion, CELL_COMPLETIONS, '--cell-completion'),
    sandbox: config.sandbox ?? {},
    approve: flags.approve === undefined ? (config.approvals?.default ?? DEFAULTS.approve) : oneOf(flags.approve, APPROVE_POLICIES, '--approve'),
    approvalTools: flags.approve === undefined ? approvalTools : {},
    mcpServers: held ? {} : servers,
    heldMcpServers: held ? servers : {},
    store,
    heldStore: storeHeld ? config.store : undefined,
  };
}
