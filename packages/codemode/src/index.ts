// The public API of @toolcell/codemode. Adding an export is an API decision.

export { CodeMode } from './code-mode.js';
export type { CellsOptions, CodeModeOptions } from './code-mode-options.js';
export type { UnobservedCall } from './unobserved-call.js';
export type { CodeModeDurableOptions } from './durable/code-mode-durable.js';
export type { SessionKey } from './code-mode-sessions.js';
export type {
  CellApprovalRequest,
  CellEventBase,
  CellReportDelivery,
  CellSummary,
  CellUpdateEvent,
  CellUpdateReason,
  CodeModeEvents,
} from './code-mode-events.js';
export type { CodeModeRuntime, CodeModeRuntimeEvents, ToolExecutor, ToolExecutorEvents } from './code-mode-runtime.js';
export type { ExecOutputItem, ExecReport, ExecResult, ExecStatus, PendingApprovalResult, RenderOptions } from './exec-report.js';
export { renderExecReport } from './exec-report.js';
export type { ProgramRun, RunProgramRequest } from './run-program.js';
export { execResultOf } from './run-program.js';
export type { TokenCounter } from '@toolcell/sdkgen';
export { DurableCells } from './durable/durable-cells.js';
export type { DurableCellStart, DurableCellsOptions } from './durable/durable-cells.js';
export type { DurableApprovalView, DurableCellReport } from './durable/durable-cell-report.js';
export type { DurableCellHooks } from './durable/durable-cell-hooks.js';
export { DurableCellError } from './durable/durable-cell-error.js';
export type { DurableCellErrorCode } from './durable/durable-cell-error.js';
export type { DurableCellsRuntime } from './durable/durable-tool-batch.js';
export { DurableExec } from './durable/durable-exec.js';
export { askPerson } from './ask-person.js';
export type { PersonAnswer } from './ask-person.js';
export type { DurableExecOptions, NestedApproval, NestedDecision } from './durable/durable-exec.js';
