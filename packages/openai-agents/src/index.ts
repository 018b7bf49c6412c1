// The public API of @toolcell/openai-agents. Adding an export is an API decision.

export { codeModeTool } from './code-mode-tool.js';
export type { CodeModeTool, CodeModeToolOptions } from './code-mode-tool.js';
export type { NestedApprovalHandler, NestedApprovalRequest } from './nested-approval.js';
export type { AnyFunctionTool } from './agents-run.js';
export type { DurableExecOptions, NestedApproval, NestedDecision } from '@toolcell/codemode';
