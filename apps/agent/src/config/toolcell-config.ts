import type { ToolMode } from '@toolcell/core';
import type { McpServersConfig } from '@toolcell/mcp';
import type { SandboxLimits } from '@toolcell/sandbox';

/** The providers the agent can talk to. */
export const PROVIDER_NAMES = ['scripted', 'openai', 'openai-responses', 'anthropic', 'gemini', 'openai-compatible'] as const;

/** One of {@link PROVIDER_NAMES}. */
export type ProviderChoice = (typeof PROVIDER_NAMES)[number];

/** How calls that need approval are decided. */
export const APPROVE_POLICIES = ['ask', 'all', 'none'] as const;

/** One of {@link APPROVE_POLICIES}. */
export type ApprovePolicy = (typeof APPROVE_POLICIES)[number];

/**
 * How the agent loop learns that a yielded cell has news: `push` waits for the cell's
 * event and tells the model in one message; `poll` leaves it to the model's `wait` calls.
 */
export const CELL_COMPLETIONS = ['push', 'poll'] as const;

/** One of {@link CELL_COMPLETIONS}. */
export type CellCompletion = (typeof CELL_COMPLETIONS)[number];

/** The sandbox limits the configuration file may set (`sandbox.<name>`). */
export const SANDBOX_SETTING_NAMES = ['cpuBudgetMs', 'memoryBytes', 'stackBytes', 'maxTextChars'] as const;

/**
 * Limits of each `exec` program: sandbox limits under the sandbox's own names, so a key
 * of the file is the limit of the same name (`SandboxLimits` from @toolcell/sandbox).
 */
export type SandboxSettings = Partial<Pick<SandboxLimits, (typeof SANDBOX_SETTING_NAMES)[number]>>;

/** The contents of `toolcell.config.json` (see `schema/toolcell.config.schema.json`). */
export interface ToolcellConfig {
  readonly $schema?: string;
  readonly provider?: ProviderChoice;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly contextWindow?: number;
  readonly maxTurns?: number;
  readonly tools?: {
    readonly mode?: ToolMode;
    readonly eager?: readonly string[];
    readonly directControl?: readonly string[];
    readonly search?: boolean;
    readonly cells?: boolean;
    readonly cellCompletion?: CellCompletion;
  };
  readonly sandbox?: SandboxSettings;
  readonly approvals?: {
    readonly default?: ApprovePolicy;
    readonly tools?: Readonly<Record<string, ApprovePolicy>>;
  };
  /** Where durable cells wait for approvals decided later: a directory (relative to the file) or a `postgres://` URL. */
  readonly store?: string;
  /** MCP servers whose tools are imported as `mcp__<server>__<tool>`. */
  readonly mcpServers?: McpServersConfig;
}
