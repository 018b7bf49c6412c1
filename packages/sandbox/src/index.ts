// The public API of @toolcell/sandbox (runtime-neutral: no Node built-ins, a test on the
// built entry proves it). Adding an export is an API decision: @toolcell/codemode and hosts
// build on everything here. The Node child-process transport is at `@toolcell/sandbox/node`.

export type { SandboxBinding } from './contract/sandbox-binding.js';
export type {
  GuestToolCall,
  GuestToolFailure,
  GuestToolFailureDetail,
  GuestToolParked,
  GuestToolResponse,
  GuestToolSuccess,
} from './contract/guest-tool-call.js';
export type { MediaOutputItem, MediaOutputType, OutputItem, TextOutputItem } from './contract/output-item.js';
export type { SandboxLimits } from './contract/sandbox-limits.js';
export { DEFAULT_SANDBOX_LIMITS, SANDBOX_LIMIT_BOUNDS, resolveSandboxLimits } from './contract/sandbox-limits.js';
export type { CallbackErrorReporter, HostCallbackName, RunProgramRequest, SandboxCells } from './contract/run-program-request.js';
export type { ProgramError, ProgramLocation, ProgramResult, ProgramStats } from './contract/program-result.js';
export type { DurableSandboxTransport, SandboxTransport } from './contract/sandbox-transport.js';
export type {
  CheckSnapshotRequest,
  DurableProgramResult,
  DurableRunOptions,
  DurableRunRequest,
  ParkedCall,
  ParkedCallAnswer,
  ResumeProgramRequest,
  SealKey,
  SealKeys,
  SnapshotIdentity,
  SuspendedProgramResult,
  SuspendRefusal,
} from './contract/durable-program.js';
export type { SnapshotErrorOptions } from './durable/snapshot-error.js';
export { SnapshotError } from './durable/snapshot-error.js';
export type { InProcessTransportOptions } from './host/in-process-transport.js';
export { createInProcessTransport } from './host/in-process-transport.js';
