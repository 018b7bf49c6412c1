// The public API of @toolcell/ai-sdk. Adding an export is an API decision.

export { createCodeModeTools } from './create-code-mode-tools.js';
export type { CodeModeTools, CodeModeToolsOptions, ExecToolOutput } from './create-code-mode-tools.js';
export { codeModeContext } from './ai-sdk-run.js';
export type { CodeModeContext } from './ai-sdk-run.js';
export type { NestedApprovalHandler, NestedApprovalRequest } from './resolve-nested-approval.js';
export type { DurableExecOptions, NestedApproval, NestedDecision } from '@toolcell/codemode';
