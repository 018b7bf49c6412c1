// The public API of @toolcell/sdkgen. Adding an export is an API decision: codemode and
// the app build on these names. Only what a host calls is exported (a test lists them);
// the pieces behind them (defaults, search internals, partial renderers) stay internal.

export type { SchemaToTypeScriptOptions } from './schema-to-typescript.js';
export { schemaToTypeScript } from './schema-to-typescript.js';
export type { BindingSignatureOptions } from './binding-signature.js';
export { renderBindingSignature } from './binding-signature.js';
export type { ExecDescriptionOptions } from './exec-description.js';
export { generateExecDescription } from './exec-description.js';
export type { ExecLimits } from './exec-limits.js';
export type { PromptSection } from './system-prompt-sections.js';
export { systemPromptSections } from './system-prompt-sections.js';
export type { SearchToolsOptions, ToolSearchHit, ToolSearchResult } from './search-tools.js';
export type { ToolSearchLimits } from './tool-search-limits.js';
export type { ToolSearchToolOptions } from './tool-search-tool.js';
export { createToolSearchTool } from './tool-search-tool.js';
export type { TokenCounter } from './count-tokens.js';
export { loadTokenCounter } from './count-tokens.js';
