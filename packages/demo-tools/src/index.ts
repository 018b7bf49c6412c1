// The public API of @toolcell/demo-tools (private: shared by the reference app and the
// playground). Adding an export is an API decision.
export type { AskUserQuestionInput, AskUserQuestionResult, QuestionAsker } from './ask-user-question.js';
export { createAskUserQuestionTool } from './ask-user-question.js';
export type { DemoToolsOptions } from './demo-tools.js';
export { createDemoTools, DEMO_TOOL_NAMES, PATH_ARGUMENTS } from './demo-tools.js';
export type { DemoWorkspace, WorkspaceChild, WorkspaceReadOptions, WorkspaceStat } from './demo-workspace.js';
export type { ContextMeter, ContextRemainingResult } from './get-context-remaining.js';
export { createGetContextRemainingTool } from './get-context-remaining.js';
export type { FileEntry, ListFilesInput, ListFilesResult } from './list-files.js';
export { createListFilesTool } from './list-files.js';
export { MemoryWorkspace } from './memory-workspace.js';
export type { ReadFileInput, ReadFileResult } from './read-file.js';
export { createReadFileTool, MAX_READ_BYTES } from './read-file.js';
export type { SearchTextInput, SearchTextResult, TextMatch } from './search-text.js';
export { createSearchTextTool } from './search-text.js';
export type { WriteFileInput, WriteFileResult } from './write-file.js';
export { createWriteFileTool } from './write-file.js';
