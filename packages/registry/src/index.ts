// The public API of @toolcell/registry. Adding an export is an API decision.

export { ToolRegistry } from './tool-registry.js';
export type { RegisterOptions, ToolRegistryOptions } from './tool-registry.js';
export type { BackendCapability, Scope, ScopeOptions, SearchOptions } from './scope.js';
export type { RegistrableCategory, ToolCategory } from './tool-category.js';
export type { ExecutionResolution, NotCallableReason } from './execution-resolution.js';
export type { Binding, ExposurePlan } from './exposure-plan.js';
export type { JsNameAssignment, JsNameCollision } from './js-name-assignment.js';
export { normalizeJsName } from './js-name.js';
export type { NamePattern } from './name-pattern.js';
export { DEFAULT_DIRECT_CONTROL } from './direct-control.js';
export type { RegistryEvents, ScopeWarning } from './registry-events.js';
