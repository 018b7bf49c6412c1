// The public API of @toolcell/sandbox (runtime-neutral: no Node built-ins, a test on the
// built entry proves it). Adding an export is an API decision: @toolcell/codemode and hosts
// build on everything here. The Node child-process transport is at `@toolcell/sandbox/node`.

export type { SandboxBinding } from './sandbox-binding.js';
export type {
  GuestToolCall,
  GuestToolFailure,
  GuestToolFailureDetail,
  GuestToolResponse,
  GuestToolSuccess,
} from './guest-tool-call.js';
export type { MediaOutputItem, MediaOutputType, OutputItem, TextOutputItem } from './output-item.js';
export type { SandboxLimits } from './sandbox-limits.js';
export { DEFAULT_SANDBOX_LIMITS, resolveSandboxLimits } from './sandbox-limits.js';
export type { CallbackErrorReporter, HostCallbackName, RunProgramRequest, SandboxCells } from './run-program-request.js';
export type { ProgramError, ProgramResult, ProgramStats } from './program-result.js';
export type { SandboxTransport } from './sandbox-transport.js';
export type { InProcessTransportOptions } from './in-process-transport.js';
export { createInProcessTransport } from './in-process-transport.js';
