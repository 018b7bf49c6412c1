import type { ToolMode } from '@toolcell/core';

/** Which tools the playground registers. */
export type ToolSetChoice = { readonly type: 'demo' } | { readonly type: 'pasted'; readonly json: string };

/** Everything a page state is: what the share URL carries and the worker is configured with. */
export interface PlaygroundConfig {
  readonly mode: ToolMode;
  /** Lazy discovery through `tool_search`. */
  readonly lazy: boolean;
  /** `root`, or a subagent whose nested and direct calls are limited to `allow`. */
  readonly scope: 'root' | 'subagent';
  /** The subagent's allowlist (names or `*` globs). */
  readonly allow: readonly string[];
  readonly toolSet: ToolSetChoice;
}

/** The state a fresh page starts in. */
export const DEFAULT_CONFIG: PlaygroundConfig = {
  mode: 'code_mode_only',
  lazy: false,
  scope: 'root',
  allow: ['list_files', 'read_file', 'search_text'],
  toolSet: { type: 'demo' },
};

/** The id of the subagent scope. */
export const SUBAGENT_SCOPE_ID = 'subagent';
