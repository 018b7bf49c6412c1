// The public API of @toolcell/tracing. Adding an export is an API decision.

export { TRACING_SCOPE, instrumentToolcell } from './instrument-toolcell.js';
export type { ToolcellTracing, ToolcellTracingOptions } from './instrument-toolcell.js';
export type { CellEventSource, TracedCellEndEvent, TracedCellEvent } from './cell-event-source.js';
export { ERROR_TYPE, EXECUTE_TOOL, GEN_AI, METRICS, SPAN_EVENTS, TOOLCELL } from './attribute-names.js';
