/**
 * How the exposure policy treats a registered tool:
 * - `ordinary` — on the wire in `direct`/`code_mode`; a binding inside `exec`.
 * - `direct_control` — on the wire in every mode; never a binding.
 * - `hidden` — a bridge (`tool_search`, `tool_call`): on the wire only where configured.
 * - `control` — `exec` / `wait`: on the wire only in code modes; never callable nested.
 */
export type ToolCategory = 'ordinary' | 'direct_control' | 'hidden' | 'control';

/** Categories a caller may choose when registering (control names are reserved). */
export type RegistrableCategory = Exclude<ToolCategory, 'control'>;
