// The public API of @toolcell/core. Adding an export is an API decision: everything here
// is a contract every other package builds on, and changing it is a breaking change.

export type { JsonObject, JsonSafetyOptions, JsonSafetyViolation, JsonValue } from './json.js';
export { MAX_JSON_DEPTH, findJsonSafetyViolation, jsonTextNestsDeeperThan } from './json.js';
export type { JsonSchema, JsonSchemaDefinition, JsonSchemaTypeName } from './json-schema.js';
export type { BridgeToolName, ControlToolName, ToolMode } from './modes.js';
export { BRIDGE_TOOL_NAMES, CONTROL_TOOL_NAMES, TOOL_MODES, isCodeMode, isToolMode } from './modes.js';
export type { CallErrorCode, ExecErrorCode, HostErrorCode, SnapshotErrorCode, ToolErrorCode, ToolcellErrorCode } from './error-codes.js';
export { CALL_ERROR_CODES, EXEC_ERROR_CODES, HOST_ERROR_CODES, SNAPSHOT_ERROR_CODES, isToolcellErrorCode } from './error-codes.js';
export type { ToolcellErrorOptions } from './toolcell-error.js';
export { ToolcellError } from './toolcell-error.js';
export { errorMessage } from './error-message.js';
export type { ToolFailureOptions } from './tool-failure.js';
export { ToolFailure } from './tool-failure.js';
export type { ConfigurationErrorOptions } from './configuration-error.js';
export { ConfigurationError } from './configuration-error.js';
export type { CallSource, CodeModeCallSource, ModelCallSource, ProviderCodeCallSource } from './call-source.js';
export { MODEL_SOURCE } from './call-source.js';
export type {
  AudioPart,
  BlobResourcePart,
  ImagePart,
  ResourcePart,
  ResourcePartBase,
  TextPart,
  TextResourcePart,
  ToolOutput,
  TypedResult,
  WireContentPart,
  WireOutput,
} from './tool-output.js';
export { jsonOutput, resourceText, textOutput, toolOutput, typedResult, wireOutput, wireText } from './tool-output.js';
export type {
  DescribeContext,
  FreeformJsonFallback,
  FreeformToolDeclaration,
  FreeformToolDefinition,
  FunctionToolDeclaration,
  FunctionToolDefinition,
  NeedsApprovalFunction,
  ToolContext,
  ToolDeclaration,
  ToolDefinition,
  ToolDefinitionBase,
  ToolFinalizeEvent,
  ToolKind,
} from './tool-definition.js';
export { defineTool, toDeclaration } from './tool-definition.js';
export type { ToolResultOf } from './tool-result-of.js';
export type { CallOutcome, CallOutcomeError, CallOutcomeOk, ErrorResultValue } from './call-outcome.js';
export { errorOutcome } from './call-outcome.js';
export type { ToolCallRequest } from './tool-call-request.js';
export { utf8Length } from './utf8-length.js';
export { isWholeNumber } from './whole-number.js';
export { abortableDelay } from './abortable-delay.js';
export { hostContextSlot } from './host-context-slot.js';
export type { HostContextSlot } from './host-context-slot.js';
