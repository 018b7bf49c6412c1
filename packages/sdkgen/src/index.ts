// The public API of @toolcell/sdkgen. Adding an export is an API decision: codemode and
// the app build on these names.

export type { RenderedSchemaType, SchemaAlias, SchemaToTypeScriptOptions } from './schema-to-typescript.js';
export { renderSchemaType, schemaToTypeScript } from './schema-to-typescript.js';
export type { BindingSignatureOptions } from './binding-signature.js';
export { DEFAULT_OUTPUT_TYPE, renderBindingSignature } from './binding-signature.js';
export type { ExecDescriptionOptions } from './exec-description.js';
export { TOOL_SEARCH_NAME, generateExecDescription, isLazyScope } from './exec-description.js';
export type { ExecLimits } from './exec-limits.js';
export { DEFAULT_EXEC_LIMITS, resolveExecLimits } from './exec-limits.js';
export type { AllToolsEntry } from './all-tools.js';
export { allTools } from './all-tools.js';
export type { PromptSection } from './system-prompt-sections.js';
export { CODE_ONLY_SECTION_ID, systemPromptSections } from './system-prompt-sections.js';
export type { SearchToolsOptions, ToolSearchHit, ToolSearchResult } from './search-tools.js';
export { searchTools } from './search-tools.js';
export type { ToolSearchLimits } from './tool-search-limits.js';
export { DEFAULT_TOOL_SEARCH_LIMITS } from './tool-search-limits.js';
export type { ToolSearchToolOptions } from './tool-search-tool.js';
export { createToolSearchTool } from './tool-search-tool.js';
export { searchResultText } from './search-result-text.js';
export { countTokens } from './count-tokens.js';
