// The public API of @toolcell/executor. Adding an export is an API decision: everything
// here is what `@toolcell/codemode`, provider glue and apps build on.

export { DEFAULT_APPROVAL_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, ToolRuntime } from './tool-runtime.js';
export type { ToolRuntimeOptions } from './tool-runtime.js';
export type { DeferredCall, DispatchRequest, ParentToken } from './dispatch-request.js';
export { nestedCallId } from './nested-call-id.js';
export { toDispatchRequest } from './to-dispatch-request.js';
export type { ToDispatchRequestOptions } from './to-dispatch-request.js';
export type { ListenerErrorContext, ListenerErrorReporter } from './call-events.js';
export type {
  Guard,
  GuardDecision,
  PolicyCall,
  PostExecuteCall,
  PostExecuteDecision,
  PostExecuteListener,
  PreExecuteDecision,
  PreExecuteListener,
} from './policy-call.js';
export type { ApprovalDecision, ApprovalHandler, ApprovalRequest, FinalApprovalDecision } from './approval-handler.js';
export { isSecurityRelevantKey, previewApprovalArgs } from './approval-preview.js';
export type { ApprovalPreviewOptions } from './approval-preview.js';
export type {
  CallDeniedEvent,
  CallEndEvent,
  CallEventBase,
  CallResolveEvent,
  CallStageEvent,
  CallStartEvent,
  DenialStage,
  ExecutionMode,
  PolicyStage,
  PolicyStageResult,
  ToolRuntimeEvents,
} from './runtime-events.js';
