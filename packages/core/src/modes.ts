/**
 * The three exposure modes, in order of how much they route through `exec`:
 * - `direct` — ordinary tools only; no `exec`.
 * - `code_mode` — ordinary tools and `exec`, both callable by the model.
 * - `code_mode_only` — `exec` plus the small direct-control set; ordinary tools are
 *   reachable only as `tools.<jsName>(…)` inside a program.
 */
export const TOOL_MODES = ['direct', 'code_mode', 'code_mode_only'] as const;

/** One of {@link TOOL_MODES}. */
export type ToolMode = (typeof TOOL_MODES)[number];

/** Whether `value` names a mode (configuration files arrive as untyped strings). */
export function isToolMode(value: unknown): value is ToolMode {
  return typeof value === 'string' && (TOOL_MODES as readonly string[]).includes(value);
}

/** Whether the mode registers `exec`. */
export function isCodeMode(mode: ToolMode): mode is 'code_mode' | 'code_mode_only' {
  return mode !== 'direct';
}

/** Reserved names of the Code Mode control tools; they exist only in code modes. */
export const CONTROL_TOOL_NAMES = ['exec', 'wait'] as const;

/** One of {@link CONTROL_TOOL_NAMES}. */
export type ControlToolName = (typeof CONTROL_TOOL_NAMES)[number];

/** Names of the hidden bridges: discovery and indirect-call tools that are never bindings. */
export const BRIDGE_TOOL_NAMES = ['tool_search', 'tool_call'] as const;

/** One of {@link BRIDGE_TOOL_NAMES}. */
export type BridgeToolName = (typeof BRIDGE_TOOL_NAMES)[number];
